"""The trace of a chat turn told for a lawyer: what was searched, inside which contract, how many
passages came back, why each one was kept or left out, and what the citation check found — in the
question's language (French or English, :func:`greffier.text.language.guess_language`). Chunk ids,
scores and timings stay in the technical steps, which the page folds away.

Input: the question and the turn's :class:`greffier.ui.chat.TraceStep` list (kind, title, detail);
stored traces of older turns, which lack some facts, give shorter explanations, never an error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

from greffier.text import section_label, tokenize
from greffier.text.language import question_language
from pipelines.rankers.relevance import DENSE_RELEVANCE, WrittenText

_WORDS = {
    "en": {
        "searched": "Searched for", "translated": "Also searched, as the LLM translated the question", "everywhere": "in every document of the workspace",
        "only_in": "only inside {files}, which the question names ({named})",
        "only_before": "only inside {files}, which the previous question was about (this one names none)",
        "found": "Found", "passages": ("passage", "passages"), "hybrid": "hybrid search: meaning and exact words", "in_time": "in {s}",
        "judged": "How passages were kept",
        "judged_scores": "by meaning, no LLM: a passage is kept when it holds enough of what the question asks — its words, or the same notions in the other language through the glossary — and is a clause of the kind asked or ranks near the best passage; a question that asks for a date, a length of time or a sum is answered only by a passage that writes one",
        "judged_llm": "the LLM read each passage and said which ones help answer",
        "kept_cited": "kept, cited as {n}", "kept_uncited": "kept, not quoted", "dropped": "left out",
        "all_words": "holds everything the question asks",
        "all_words_rendered": "holds every word the question asks, some only through a translation or a related word",
        "some_words": "holds {pct} % of what the question asks (rare words weigh more)",
        "rendered": "« {asked} » matched to « {held} »", "missing": "not « {asked} »",
        "close": "its meaning is close to the question (similarity {score})",
        "far": "its meaning is far from the question (similarity {score}, below {threshold})",
        "llm_kept": "the LLM judged it useful to answer", "llm_dropped": "the LLM judged it off the point",
        "llm_overruled": "the LLM left it out, but the check by meaning keeps it",
        "type_match": "a clause of the kind asked",
        "recital": "a recital, and an article of the same contract answers",
        "no_kind": "the question asks for {kind}, and it writes none",
        "kinds": {"date": "a date", "duration": "a length of time", "amount": "a sum or a rate", "size": "a size (an area, a length, a storage)"},
        "uncited": "relevant, but the quoted sentences came from other passages",
        "check": "Citation check", "check_ok": "every citation points to a passage that was kept",
        "check_removed": "{n} citation(s) to passages that were not given were removed",
        "check_unsupported": "{n} sentence(s) hold a number, a date or a name that their passages do not contain",
        "abstained": "No passage was kept: Greffier says so rather than guess.",
        "passage": "passage", "page": "p.",
        "intent": "Intent", "plan": "Plan", "tool_call": "Tool call", "tool_result": "Result", "approval_required": "Waiting for your approval",
    },
    "fr": {
        "searched": "Recherché", "translated": "Recherché aussi, traduit par le LLM", "everywhere": "dans tous les documents de l'espace de travail",
        "only_in": "uniquement dans {files}, que la question nomme ({named})",
        "only_before": "uniquement dans {files}, que la question précédente désignait (celle-ci n'en désigne aucun)",
        "found": "Trouvé", "passages": ("passage", "passages"), "hybrid": "recherche hybride : sens et mots exacts", "in_time": "en {s}",
        "judged": "Comment les passages ont été retenus",
        "judged_scores": "par le sens, sans LLM : un passage est retenu s'il contient assez de ce que demande la question — ses mots, ou les mêmes notions dans l'autre langue grâce au glossaire — et s'il est une clause du type demandé ou proche du meilleur passage ; seul un passage qui écrit une date, une durée ou un montant répond à une question qui en demande un",
        "judged_llm": "le LLM a lu chaque passage et indiqué ceux qui aident à répondre",
        "kept_cited": "retenu, cité {n}", "kept_uncited": "retenu, non cité", "dropped": "écarté",
        "all_words": "contient tout ce que demande la question",
        "all_words_rendered": "contient chaque mot de la question, certains seulement par une traduction ou un mot voisin",
        "some_words": "contient {pct} % de ce que demande la question (les mots rares pèsent plus)",
        "rendered": "« {asked} » rapproché de « {held} »", "missing": "sans « {asked} »",
        "close": "son sens est proche de la question (similarité {score})",
        "far": "son sens est éloigné de la question (similarité {score}, sous {threshold})",
        "llm_kept": "le LLM le juge utile pour répondre", "llm_dropped": "le LLM le juge hors sujet",
        "llm_overruled": "le LLM l'a écarté, mais la vérification par le sens le retient",
        "type_match": "une clause du type demandé",
        "recital": "un préambule, et un article du même contrat répond",
        "no_kind": "la question demande {kind}, et il n'en écrit pas",
        "kinds": {"date": "une date", "duration": "une durée", "amount": "un montant ou un taux", "size": "une taille ou une surface"},
        "uncited": "pertinent, mais les phrases citées viennent d'autres passages",
        "check": "Vérification des citations", "check_ok": "chaque citation renvoie à un passage retenu",
        "check_removed": "{n} citation(s) vers des passages non fournis ont été retirées",
        "check_unsupported": "{n} phrase(s) contiennent un chiffre, une date ou un nom absent de leurs passages",
        "abstained": "Aucun passage retenu : Greffier le dit plutôt que de deviner.",
        "passage": "passage", "page": "p.",
        "intent": "Intention", "plan": "Plan", "tool_call": "Appel d'outil", "tool_result": "Résultat", "approval_required": "En attente de votre accord",
    },
}


@dataclass(frozen=True)
class PassageVerdict:
    """One retrieved passage: where it is, whether it was kept (and cited as [n]) and why."""

    where: str
    kept: bool
    status: str
    why: str


@dataclass
class HumanTrace:
    """The plain-words trace: ``lines`` (label, text) in order, then one verdict per passage."""

    language: str
    lines: list[tuple[str, str]] = field(default_factory=list)
    passages: list[PassageVerdict] = field(default_factory=list)
    judged_title: str = ""


def _number(value: float, language: str, digits: int = 2) -> str:
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if language == "fr" else text


def _duration(milliseconds: float, language: str) -> str:
    """« 40 ms », « 1.5 s » (« 1,5 s » in French)."""
    if milliseconds < 1000:
        return f"{max(1, round(milliseconds))} ms"
    return f"{_number(milliseconds / 1000, language, 1)} s"


def _where(decision: dict[str, Any], words: dict[str, Any]) -> str:
    parts = [PurePath(decision["file"]).name] if decision.get("file") else [f"{words['passage']} {decision.get('n')}"]
    if decision.get("page"):
        end = decision.get("page_end")
        parts.append(f"{words['page']} {decision['page']}" + (f"–{end}" if end and end != decision["page"] else ""))
    if decision.get("section"):
        parts.append(section_label(str(decision["section"])))
    return " · ".join(parts)


def _why(decision: dict[str, Any], asked_words: int, words: dict[str, Any], language: str) -> str:
    if decision.get("by") == "llm":
        return words["llm_kept"] if decision.get("relevant") else words["llm_dropped"]
    if "the LLM dropped it" in str(decision.get("by") or "") and decision.get("coverage") is None:
        return words["llm_overruled"]
    reasons = []
    coverage = decision.get("coverage")
    if coverage is not None and asked_words:
        reasons.append(_coverage_said(decision, coverage, words, language))
    if decision.get("type_match"):
        reasons.append(words["type_match"])
    if decision.get("recital") and not decision.get("relevant"):
        reasons.append(words["recital"])
    if decision.get("gives_kind") is False:
        reasons.append(words["no_kind"].format(kind=words["kinds"].get(decision.get("answer_kind"), decision.get("answer_kind"))))
    dense = decision.get("dense_score")
    if dense is not None:
        key = "close" if dense >= DENSE_RELEVANCE else "far"
        if decision.get("relevant") and key == "far":
            pass  # kept for what it holds of the question (its words, its kind of clause, its rank): its distance in meaning is beside the point
        else:
            reasons.append(words[key].format(score=_number(dense, language), threshold=_number(DENSE_RELEVANCE, language)))
    return (" ; " if language == "fr" else "; ").join(reasons)


def _coverage_said(decision: dict[str, Any], coverage: float, words: dict[str, Any], language: str) -> str:
    """How much of the question a passage holds, and how: the asked words it lacks (« sans « délégué » ») and those it
    holds only in other words (« « données » sous la forme « personal data » »), as the relevance check listed them
    (decisions of older turns lack them: the share alone)."""
    rendered = [words["rendered"].format(asked=asked, held=held) for asked, held in decision.get("wordings") or []]
    missing = [words["missing"].format(asked=asked) for asked in decision.get("missing") or []]
    if coverage >= 0.995 and not missing:
        said = words["all_words_rendered"] if rendered else words["all_words"]
    else:  # (a word missing weighs little, and the share rounds to 100: it is not "everything" for that)
        said = words["some_words"].format(pct=min(99, round(coverage * 100)))
    details = ", ".join([*missing, *rendered])
    return f"{said}{' : ' if language == 'fr' else ': '}{details}" if details else said


# The router's intents and tools as a reader says them (the technical tab keeps their names).
_NAMED = {
    "en": {"list_question": "a list of contracts", "duplicates": "documents that copy or translate another",
           "document_question": "a question on the documents", "search_data_room": "data-room search",
           "find_duplicates": "duplicate search", "search_documents": "search of the passages"},
    "fr": {"list_question": "une liste de contrats", "duplicates": "des documents qui en copient ou traduisent un autre",
           "document_question": "une question sur les documents", "search_data_room": "recherche dans la data room",
           "find_duplicates": "recherche de doublons", "search_documents": "recherche des passages"},
}


def explain(question: str, steps: list[Any], *, abstained: bool = False) -> HumanTrace:
    """The trace of one turn in plain words (see the module docstring)."""
    language = "fr" if question_language(question) == "fr" else "en"
    words = _WORDS[language]
    trace = HumanTrace(language=language)
    asked = question
    for step in steps:
        detail = step.detail if isinstance(step.detail, dict) else {}
        if step.kind == "retrieval":
            scope = detail.get("scope")
            asked = (scope or {}).get("question") or detail.get("query") or question
            where = words["everywhere"]
            if scope:
                files = ", ".join(PurePath(f).name for f in scope.get("files") or []) or ", ".join(scope.get("contract_ids") or [])
                asked_as = WrittenText(question)  # the words that named the contract as the question writes them (« Keralis »)
                named = ", ".join(f"« {asked_as.find([w])} »" for w in scope.get("named_by") or [])
                where = words["only_before"].format(files=files) if scope.get("by") == "conversation" else words["only_in"].format(files=files, named=named)
            # the query as written, not the scoped one: that one has the words naming the contract cut out
            # (« Le doit-il atteindre … » for « Le distributeur Benelux doit-il … »), and ``where`` names them
            shown = detail.get("query") or question if scope else asked
            trace.lines.append((words["searched"], f"« {shown} » — {where}"))
            if detail.get("translation"):
                trace.lines.append((words["translated"], f"« {detail['translation']} »"))
            count = detail.get("count")
            if count is None:
                found = re.search(r"Retrieved (\d+)", step.title or "")
                count = int(found.group(1)) if found else None
            if count is not None:
                singular, many = words["passages"]
                elapsed = detail.get("total_ms")
                timing = f" {words['in_time'].format(s=_duration(elapsed, language))}" if isinstance(elapsed, (int, float)) else ""
                trace.lines.append((words["found"], f"{count} {singular if count == 1 else many} ({words['hybrid']}){timing}"))
        elif step.kind == "relevance" and isinstance(step.detail, list):
            decisions = step.detail
            by_llm = any(d.get("by") == "llm" for d in decisions)
            trace.judged_title = words["judged"]
            trace.lines.append((words["judged"], words["judged_llm"] if by_llm else words["judged_scores"].format(threshold=_number(DENSE_RELEVANCE, language))))
            asked_words = len(set(tokenize(asked)))
            for decision in decisions:
                cited = decision.get("cited as") or ""
                if decision.get("relevant"):
                    status = words["kept_cited"].format(n=cited) if cited else words["kept_uncited"]
                    why = _why(decision, asked_words, words, language) + ("" if cited else f" — {words['uncited']}")
                else:
                    status, why = words["dropped"], _why(decision, asked_words, words, language)
                trace.passages.append(PassageVerdict(where=_where(decision, words), kept=bool(decision.get("relevant")), status=status, why=why.strip(" —;")))
        elif step.kind == "citation_check":
            removed = len(detail.get("removed") or [])
            unsupported = len(detail.get("unsupported") or [])
            if not removed and not unsupported:
                trace.lines.append((words["check"], words["check_ok"]))
            else:
                said = [words["check_removed"].format(n=removed)] if removed else []
                said += [words["check_unsupported"].format(n=unsupported)] if unsupported else []
                trace.lines.append((words["check"], (" ; " if language == "fr" else "; ").join(said)))
        elif step.kind in ("intent", "plan", "tool_call", "tool_result", "approval_required"):
            text = (step.title or "").split(": ", 1)[-1] if ": " in (step.title or "") else (step.title or "")
            if step.kind == "tool_result" and text.startswith("Result of "):
                text = text[len("Result of "):]
            trace.lines.append((words[step.kind], _NAMED.get(language, {}).get(text.strip(), text)))
    if abstained and not any(p.kept for p in trace.passages):
        trace.lines.append(("", words["abstained"]))
    return trace
