"""The answer's own words — abstentions, notes, headings of a per-contract answer — in the question's language.

Quoted text is never translated: only what Greffier itself writes around it. The language is that of
the question (:func:`greffier.text.language.guess_language`); English when it cannot be told.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Any

from greffier.text.fold import fold
from greffier.text.language import question_language

ABSTENTIONS = {"en": "The documents do not say.", "fr": "Les documents ne le disent pas."}
NO_RELEVANT_PASSAGE = {
    "en": "No passage relevant to the question was found (searched {count} {passages}{where}).",
    "fr": "Aucun passage ne répond à la question ({count} {passages}{where}).",
}
PASSAGES_SEARCHED = {"en": ("passage", "passages"), "fr": ("passage examiné", "passages examinés")}  # one, or none and more
# the question's names that no document of the workspace carries (« le prêt … de la villa de Biarritz »: the app walk of round 31)
NAMES_ABSENT = {"en": "No document mentions {names}.", "fr": "Aucun document ne mentionne {names}."}
MIN_SCORE_NOTE = {
    "en": "The minimum score set ({score}) left out the passages scored below it: lower it in the sidebar to have more of them examined.",
    "fr": "Le score minimum réglé ({score}) a écarté les passages notés en dessous\u00a0: abaissez-le dans la barre latérale pour en faire examiner davantage.",
}
EXTRACTIVE_NOTE = {
    "en": "No LLM available: extractive answer — sentences quoted from the best passages, each with its source.",
    "fr": "Aucun LLM disponible : réponse extractive — phrases citées des meilleurs passages, chacune avec sa source.",
}
EXTRACTIVE_NOTE_LLM_TRANSLATES = {
    "en": "Extractive answer — sentences quoted from the best passages, each with its source (the LLM only translated the question).",
    "fr": "Réponse extractive — phrases citées des meilleurs passages, chacune avec sa source (le LLM n'a fait que traduire la question).",
}
EXTRACTIVE_NOTE_LLM_OFF = {
    "en": "Extractive answer — sentences quoted from the best passages, each with its source (the LLM writes no answers here).",
    "fr": "Réponse extractive — phrases citées des meilleurs passages, chacune avec sa source (le LLM n'écrit pas les réponses ici).",
}
LLM_NOT_USED = {
    "en": "The LLM's answer was not used ({why}): extractive answer — sentences quoted from the best passages, each with its source.",
    "fr": "La réponse du LLM n'a pas été retenue ({why}) : réponse extractive — phrases citées des meilleurs passages, chacune avec sa source.",
}
SEVERAL_CONTRACTS = {
    "en": "The question fits {count} contracts; what each one says:",
    "fr": "La question vise {count} contrats ; ce que prévoit chacun :",
}
# … found among the passages examined for a question that names no contract: other contracts may say it too
SEVERAL_AMONG = {
    # (what the app has: the sidebar's « Top-k final », the Data room page — the app walk of round 38 looked for a Search page)
    "en": "The contracts answered are those among the {count} passages examined; others may say so too: a larger « Top-k final » (the app's "
          "sidebar; --top-k on the command line) examines more passages, and the Data room page lists every contract by its fields.",
    "fr": "Les contrats cités sont ceux des {count} passages examinés ; d'autres peuvent le prévoir aussi : un « Top-k final » plus grand "
          "(panneau latéral de l'application ; --top-k en ligne de commande) examine plus de passages, et la page Data room liste tous les "
          "contrats selon leurs champs.",
}
# … when some of them are amendments of the others: « La question vise 1 contrat et 1 avenant ; ce que prévoit chacun : »
SEVERAL_DOCUMENTS = {
    "en": "The question fits {things}; what each one says:",
    "fr": "La question vise {things} ; ce que prévoit chacun :",
}
_COUNTED = {
    "en": {"contract": ("contract", "contracts"), "amendment": ("amendment", "amendments"), "and": "and",
           "other contract": ("other contract", "other contracts")},
    "fr": {"contract": ("contrat", "contrats"), "amendment": ("avenant", "avenants"), "and": "et",
           "other contract": ("autre contrat", "autres contrats")},
}


def counted(language: str, contracts: int, amendments: int, *, contract_noun: str = "contract") -> tuple[str, bool]:
    """« 1 contrat et 2 avenants », "3 contracts and 1 amendment" (a count of none left out), and whether it is plural."""
    nouns = _COUNTED.get(language, _COUNTED["en"])
    parts = [f"{n} {nouns[noun][0] if n == 1 else nouns[noun][1]}" for n, noun in ((contracts, contract_noun), (amendments, "amendment")) if n]
    return f" {nouns['and']} ".join(parts), contracts + amendments > 1


# One contract's line of a per-contract answer: its label, then what it says (quoted). The answerer writes
# it and the citation check takes the label off (:func:`contract_line`, :func:`contract_line_quote`).
CONTRACT_LINE = {"en": "- {label}: {quoted}", "fr": "- {label} : {quoted}"}
WHICH_ONE = {
    "en": "Several contracts fit the question ({names}): which one do you mean?",
    "fr": "Plusieurs contrats correspondent à la question ({names}) : lequel visez-vous ?",
}
ONLY_NAMED = {
    "en": "Only the contracts that mention {names} were considered ({files}).",
    "fr": "Seuls les contrats qui mentionnent {names} ont été retenus ({files}).",
}
CONTRACT_COUNT = {"en": "{count} contracts", "fr": "{count} contrats"}
# An answer about a contract's term quotes the contract; an amendment attached to it moved its end (or gives another).
END_MOVED_NOTE = {
    "en": "{file}: an amendment moved its end from {before} to {after} ({amendments}); the passage quoted may give the end before it.",
    "fr": "{file} : un avenant a modifié sa date de fin, du {before} au {after} ({amendments}) ; le passage cité peut donner la fin d'avant.",
}
# … the contract and the amendment that moved its end both quoted: which end is in force (the app walk of round 34: the superseded end
# came first, and nothing said which one holds)
END_IN_FORCE_NOTE = {
    "en": "{file}: the end in force is {after}, as the amendment quoted ({amendments}) sets it (the contract said {before}).",
    "fr": "{file} : la fin en vigueur est le {after}, fixée par l'avenant cité ({amendments}) (le contrat disait le {before}).",
}
# … the amendment quoted sets the new end by a formula its words date nowhere ("the day immediately preceding the fifth (5th)
# anniversary of the Original Expiry Date"): the date it works out to (walkthrough 17)
END_COMPUTED_NOTE = {
    "en": "{file}: the amendment quoted ({amendments}) moves its end to {after} (was {before}), a date it does not write.",
    "fr": "{file} : l'avenant cité ({amendments}) reporte sa fin au {after} (au lieu du {before}), date qu'il n'écrit pas.",
}
# … which leads the answer to a question asking a date (walkthrough 34: "Until what date may the subsidiary occupy the warehouse now that
# the landlord agreed to extend its stay?" quoted « prorogée de quarante-deux (42) mois », the date left to a note)
END_COMPUTED_LEAD = {
    "en": "The end in force is {after} (was {before}), reckoned from the amendment quoted ({amendments}):",
    "fr": "La fin en vigueur est le {after} (au lieu du {before}), calculée d'après l'avenant cité ({amendments}) :",
}
# … a contract quoted on its end renews by itself, which the quote does not say
RENEWS_NOTE = {
    "en": "{file}: it {renews} after {end} unless notice is given: « {sentence} »",
    "fr": "{file} : il {renews} après le {end} sauf préavis : « {sentence} »",
}
# How a contract goes on past its term by itself: it renews, or — a French commercial lease (« le bail se prolongera tacitement », art.
# L. 145-9) — it is tacitly extended, which is no new lease (the app walk of round 38: a lawyer would correct « se renouvelle »), or it
# runs on with no end (« il se poursuivra pour une durée indéterminée »)
RENEWS_VERB = {"en": "renews by itself", "fr": "se renouvelle de lui-même"}
EXTENDED_VERB = {"en": "is tacitly extended", "fr": "se prolonge tacitement"}
RUNS_ON_VERB = {"en": "runs on for an indefinite term", "fr": "se poursuit pour une durée indéterminée"}
# … and the next day to give that notice, computed from the end of its term, its notice and the length of a renewal (a lawyer's
# first question on such a contract: walkthrough 19 asked « by what date must we give notice to stop it renewing again? »)
# … and as an answer, the notice asked of a contract no passage answered for (walkthrough 31: "By when must we write to the cleaning company
# if we want to retender the contract?" abstained, the record knowing the deadline)
NEXT_NOTICE_ANSWER = {
    "en": "It {renews} unless notice is given: to stop it, notice must be given by {by} ({notice} before the end of the term ending {stops}), "
          "as its {where} says:",
    "fr": "Il {renews} sauf préavis : pour l'arrêter, le préavis doit être donné au plus tard le {by} ({notice} avant la fin de la période qui "
          "s'achève le {stops}), comme le dit son {where} :",
}
NEXT_NOTICE_NOTE = {
    "en": "{file}: to stop it renewing, notice must be given by {by} ({notice} before the end of the term ending {stops}).",
    "fr": "{file} : pour qu'il ne se renouvelle pas, le préavis doit être donné au plus tard le {by} ({notice} avant la fin de la période qui s'achève le {stops}).",
}
# Whether a contract is still in force, answered from its record (its end after the amendments, its renewal) and today's date,
# with the sentence that gives the end quoted (walkthrough 19: "Is the interline agreement with Aer Corrib still in force?"
# abstained, its term article retrieved; walkthrough 18: « … est-il toujours en vigueur ? »)
STATUS_ENDED = {
    "en": "No: it ended on {end}{renewal}, as its {where} says:",
    "fr": "Non : il a pris fin le {end}{renewal}, comme le dit son {where} :",
}
STATUS_RUNS = {
    "en": "Yes: it runs until {end}{renewal}, as its {where} says{passed}:",
    "fr": "Oui : il court jusqu'au {end}{renewal}, comme le dit son {where}{passed} :",
}
STATUS_RENEWED = {
    "en": "Its first term ended on {end}, but it {renews} unless notice is given{then} Its {where} says:",
    "fr": "Sa première période a pris fin le {end}, mais il {renews} sauf préavis{then} Son {where} dit :",
}
# … on a day to come that the question asks about (« encore en vigueur en 2027 ? »: walkthrough 26)
STATUS_ENDS_BEFORE = {
    "en": "No: it ends on {end}{renewal}, before {on}, as its {where} says:",
    "fr": "Non : il prend fin le {end}{renewal}, avant le {on}, comme le dit son {where} :",
}
STATUS_WILL_RENEW = {
    "en": "Its first term ends on {end}, but it {renews} unless notice is given{then} Its {where} says:",
    "fr": "Sa première période prend fin le {end}, mais il {renews} sauf préavis{then} Son {where} dit :",
}
STATUS_PERIOD_THEN = {
    "en": "; unless notice is given, the period running on {on} ends on {current}.",
    "fr": " ; sauf préavis, la période en cours le {on} s'achève le {current}.",
}
STATUS_NOTE_AT = {
    "en": "Answered from the contract's record (its end after any amendment, and its renewal) against the day the question asks about, {at} (today is {today}).",
    "fr": "Réponse tirée de la fiche du contrat (sa fin après avenants, son renouvellement), comparée au jour sur lequel porte la question, le {at} (nous sommes le {today}).",
}
STATUS_NOTICE_NOT_SAID = {"en": "; the documents do not say whether notice was given.", "fr": " ; les documents ne disent pas si un préavis a été donné."}
STATUS_CURRENT = {
    "en": "; unless notice was given (the documents do not say), its current period ends on {current}.",
    "fr": " ; sauf préavis donné (les documents ne le disent pas), sa période en cours s'achève le {current}.",
}
STATUS_DEADLINE_PASSED = {
    "en": " — but the notice to stop that renewal was due by {passed}: unless it was given (the documents do not say), it runs until {until}",
    "fr": " — mais le préavis pour empêcher ce renouvellement devait être donné au plus tard le {passed} : sauf s'il l'a été (les documents ne le disent pas), il court jusqu'au {until}",
}
# Who a role the quoted sentences name is, for a question asking who (walkthrough 23: "Who has the exclusive right to sell the series in
# Switzerland and Canada?" quoted « Le mandat est exclusif : … le Mandant s'interdit … », which names no one)
ROLE_NOTE = {"en": "{file}: {roles}.", "fr": "{file} : {roles}."}
ROLE_IS = {"en": "the {role} is {name}", "fr": "« {role} » désigne {name}"}
# … signed, its term to come (the app walk of round 32: a contract not started yet was said to be in force)
STATUS_NOT_STARTED = {
    "en": "Not yet: it takes effect on {start}, then runs until {end}{renewal}, as its {where} says:",
    "fr": "Pas encore : il prend effet le {start}, puis court jusqu'au {end}{renewal}, comme le dit son {where} :",
}
# … ended, but some of its obligations outlast it, as its term's article says (the app walk of round 33: "No: it ended on 2026-07-02" of an
# NDA whose confidentiality binds five years more)
STATUS_SURVIVES = {"en": "Some of its obligations outlast it:", "fr": "Certaines de ses obligations lui survivent :"}
# … and an end read with doubt (the record's ``uncertain``): never a plain yes or no (walkthrough 29: « Non : il a pris fin le 31/03/2026 »
# of a partnership an avenant had moved, whose record said the end was uncertain)
STATUS_UNCERTAIN = {
    "en": "This end date was read with doubt ({why}): check it in the text before relying on this answer.",
    "fr": "Cette date de fin a été lue avec un doute (motif relevé : {why}) : vérifiez-la dans le texte avant de vous fier à cette réponse.",
}
STATUS_NO_RENEWAL = {"en": " and does not renew by itself", "fr": " et ne se renouvelle pas de lui-même"}
STATUS_THEN_RENEWS = {"en": ", then {renews} unless notice is given", "fr": ", puis {renews} sauf préavis"}
STATUS_ARTICLE = {"en": "article « {heading} »", "fr": "article « {heading} »"}
STATUS_AMENDMENT_ARTICLE = {"en": "amendment (« {title} »), article « {heading} »", "fr": "avenant (« {title} »), article « {heading} »"}
STATUS_TEXT = {"en": "text", "fr": "texte"}
STATUS_NOTE = {
    "en": "Answered from the contract's record (its end after any amendment, and its renewal) against today's date, {today}.",
    "fr": "Réponse tirée de la fiche du contrat (sa fin après avenants, son renouvellement), comparée à la date du jour, le {today}.",
}
NOTICE_UNITS_FR = {"day": "jour", "days": "jours", "week": "semaine", "weeks": "semaines", "month": "mois", "months": "mois", "year": "an", "years": "ans"}
# An answer quotes a contract's article that an amendment attached to it rewrote: the amendment's own words, quoted.
ARTICLE_AMENDED_NOTE = {
    "en": "{file}: an amendment rewrote this article ({amendments}): « {sentences} »",
    "fr": "{file} : un avenant a modifié cet article ({amendments}) : « {sentences} »",
}
# … and the amendment's own sentence that gives the new end, quoted (walkthrough 15: the answer quoted only the end before it)
# … and the amendment's sentence that moved it, quoted first in the answer and cited (the app walk of round 38: the new end of an amendment
# uploaded sat in the grey note, uncited, below the contract's superseded « jusqu'au 30 juin 2027 »)
END_MOVED_LEAD = {
    "en": "The end in force is {after}, set by an amendment ({amendments}): « {sentence} » [{n}] The contract itself said:",
    "fr": "La fin en vigueur est le {after}, fixée par un avenant ({amendments}) : « {sentence} » [{n}] Le contrat lui-même disait :",
}
END_UNCERTAIN_NOTE = {
    "en": "{file}: an amendment attached to it gives another end date ({amendments}); check which end applies.",
    "fr": "{file} : un avenant qui s'y rattache donne une autre date de fin ({amendments}) ; vérifiez quelle fin s'applique.",
}
# a quoted document that is no contract (a memo, minutes: greffier.dataroom.extract.document_kind): it binds no one, and what it says
# of a contract may be stale (walkthrough 19: the memo's « le bail expire en mars 2029 », before the amendment that moved it)
NOT_A_CONTRACT_NOTE = {
    "en": "{file} is not a contract ({kind}): what it says of a contract may be out of date; the contract's own text decides.",
    "fr": "{file} n'est pas un contrat ({kind}) : ce qu'il dit d'un contrat peut être dépassé ; le texte du contrat fait foi.",
}
NOT_A_CONTRACT_KINDS = {"fr": {"an internal memo": "une note interne", "minutes of a meeting": "un procès-verbal de réunion", "a report": "un rapport",
                                "a document that says it is no contract": "un document qui se dit sans valeur contractuelle"}}
# … or that the conversation's previous question named, a follow-up naming none (« Et quel est le préavis … ? »)
SEARCHED_AS_BEFORE = {
    "en": "Searched only inside {where}, which the previous question named (this one names no contract).",
    "fr": "Recherche limitée à {where}, que la question précédente désignait (celle-ci n'en désigne aucun).",
}
SEARCHED_ONLY = {
    "en": "Searched only inside {where}, which the question names.",
    "fr": "Recherche limitée à {where}, que la question désigne.",
}

# Greffier's own words around an answer, on the chat page and in the conversation exports.
ABSTAINED = {"en": "Abstained", "fr": "Abstention"}
ABSTAINED_EXPORT = {
    "en": "Abstained — the documents do not answer this question.",
    "fr": "Abstention — les documents ne répondent pas à cette question.",
}
# Modes are named as the sidebar's « Mode » box names them (greffier.ui.knobs.MODE_LABELS): « retrieval only », not its key.
RETRIEVAL_ONLY = {
    "en": "{count} passages retrieved, best first — open them in the sources panel. No answer is written in \"retrieval only\" mode.",
    "fr": "{count} passages trouvés, du plus pertinent au moins pertinent — ouvrez-les dans le panneau des sources."
          " Le mode « retrieval only » (recherche seule) n'écrit pas de réponse.",
}
# Why a retrieval-only answer shows more passages than the sidebar's « Top-k final »: the question fits several
# contracts and none is named (an ambiguous scope), so the best passage of each one is kept.
RETRIEVAL_ONLY_EACH_CONTRACT = {
    "en": "The question fits {contracts} contracts without saying which one: the best passage of each is shown, so more than "
          "the {top_k} of \"Top-k final\".",
    "fr": "La question vise {contracts} contrats sans préciser lequel : le meilleur passage de chacun est montré, donc plus que "
          "les {top_k} du « Top-k final ».",
}
NO_PASSAGE = {"en": "No passage matches this question.", "fr": "Aucun passage ne correspond à cette question."}
CITED_PASSAGES = {"en": "Cited passages", "fr": "Passages cités"}
NONE_JUDGED_RELEVANT = {
    "en": "No passage was judged relevant, so none is cited. The trace under the answer lists what was searched.",
    "fr": "Aucun passage n'a été jugé pertinent : aucun n'est donc cité. La trace sous la réponse indique ce qui a été cherché.",
}
CITES_NO_PASSAGE = {"en": "This answer cites no passage.", "fr": "Cette réponse ne cite aucun passage."}
# A source with no passage text: a contract cited as a whole (a list answer), or a passage the index no longer holds.
NO_PASSAGE_TEXT = {
    "en": "(no passage: the contract is cited as a whole, or its passage is no longer in the index)",
    "fr": "(aucun passage : le contrat est cité dans son ensemble, ou son passage n'est plus dans l'index)",
}
QUESTION_NUMBER = {"en": "Question {number}: {question}", "fr": "Question {number} : {question}"}
VIEW_PAGE_LARGE = {"en": "View page {page} large", "fr": "Agrandir la page {page}"}
VIEW_PAGE_LARGE_HELP = {"en": "{name}: the page at full width, with zoom and the other pages of the document",
                        "fr": "{name} : la page en pleine largeur, avec le zoom et les autres pages du document"}
PAGE_PREVIEW = {"en": "{name} — page {page}, passage highlighted (preview)", "fr": "{name} — page {page}, passage surligné (aperçu)"}
PASSAGE_NOT_LOCATED = {
    "en": "{name} — page {page}: the passage could not be located on the page image; open it large to read the page.",
    "fr": "{name} — page {page} : le passage n'a pas pu être repéré sur l'image de la page ; agrandissez-la pour lire la page.",
}
CANNOT_RENDER_PAGE = {
    "en": "Cannot render page {page} of {name} ({why}): the passage text above is what was cited.",
    "fr": "Impossible d'afficher la page {page} de {name} ({why}) : le texte ci-dessus est ce qui a été cité.",
}
COULD_NOT_ANSWER = {"en": "Could not answer: {why}", "fr": "Impossible de répondre : {why}"}
DIRECT_NEEDS_LLM = {
    "en": "direct mode needs an LLM and none is available ({reason}); choose the \"rag\" or \"retrieval only\" mode",
    "fr": "le mode direct a besoin d'un LLM et aucun n'est disponible sur cette machine ; choisissez le mode « rag » ou « retrieval only »",
}
NOT_GROUNDED = {"en": "Not grounded: answered by the LLM alone, without the documents.",
                "fr": "Réponse non fondée sur les documents : écrite par le LLM seul, sans les documents."}
# Who writes the answers, for the chat page's header (:func:`greffier.ui.knobs.answerer_line`).
ANSWERER_RETRIEVAL_ONLY = {
    "en": "Retrieval only: the passages found are listed best first, each with its source; no answer is written",
    "fr": "Recherche seule : les passages trouvés sont listés du plus pertinent au moins pertinent, chacun avec sa source ; aucune réponse n'est écrite",
}
ANSWERER_EXTRACTIVE = {
    "en": "Answers are extractive: sentences quoted from the documents, each cited (no LLM on this machine)",
    "fr": "Réponses extractives : phrases citées des documents, chacune avec sa source (pas de LLM sur cette machine)",
}
ANSWERER_EXTRACTIVE_LLM_TURNED_OFF = {
    "en": "Answers are extractive: sentences quoted from the documents, each cited (the LLM is turned off in settings)",
    "fr": "Réponses extractives : phrases citées des documents, chacune avec sa source (le LLM est désactivé dans les réglages)",
}
EXTRACTIVE_NOTE_TURNED_OFF = {
    "en": "LLM turned off in settings: extractive answer — sentences quoted from the best passages, each with its source.",
    "fr": "LLM désactivé dans les réglages : réponse extractive — phrases citées des meilleurs passages, chacune avec sa source.",
}
ANSWERER_EXTRACTIVE_LLM_TRANSLATES = {
    "en": "Answers are extractive: sentences quoted from the documents, each cited; {model} only translates the questions",
    "fr": "Réponses extractives : phrases citées des documents, chacune avec sa source ; {model} ne fait que traduire les questions",
}
ANSWERER_EXTRACTIVE_LLM_UNUSED = {
    "en": "Answers are extractive: sentences quoted from the documents, each cited ({model} is present but turned off for answers)",
    "fr": "Réponses extractives : phrases citées des documents, chacune avec sa source ({model} est présent mais désactivé pour les réponses)",
}
# What was searched besides the question: an LLM's translation of it (the CLI's ``ask``)
TRANSLATION_SEARCHED = {
    "en": "Also searched, as the LLM translated the question: « {text} »",
    "fr": "Recherché aussi, traduit par le LLM : « {text} »",
}
# The chat command's last line: its thread, and who answered
CHAT_THREAD_NO_LLM = {
    "en": "thread: {thread} · LLM: none — lists from the data room, quoted passages",
    "fr": "fil : {thread} · LLM : aucun — listes tirées de la data room, passages cités",
}
CHAT_THREAD_LLM = {"en": "thread: {thread} · LLM: {kind} ({how})", "fr": "fil : {thread} · LLM : {kind} ({how})"}
CHAT_PATHS = {"tools": {"en": "native tool calls", "fr": "appels d'outils natifs"}, "json": {"en": "JSON replies", "fr": "réponses JSON"}}
# A question for a list of contracts asked of `ask`, which only quotes passages: the `chat` command that lists them
LIST_ASKED = {
    "en": "This question asks for a list of contracts: `{command}` (or the app's Chat page) answers it from the data room, "
    "every contract listed or set apart with the reason; `ask` only quotes the best passages.",
    "fr": "Cette question demande une liste de contrats : `{command}` (ou la page Chat de l'application) y répond à partir de la "
    "data room, chaque contrat listé ou mis à part avec la raison ; `ask` ne cite que les meilleurs passages.",
}
ANSWERER_DIRECT_NO_LLM = {
    "en": "Direct mode needs an LLM and none is available on this machine: choose the \"rag\" or \"retrieval only\" mode",
    "fr": "Le mode direct a besoin d'un LLM et aucun n'est disponible sur cette machine : choisissez le mode « rag » ou « retrieval only »",
}
ANSWERER_OLLAMA = {
    "en": "Answers written by {model} ({where}), every statement cited",
    "fr": "Réponses écrites par {model} ({where}), chaque affirmation citée",
}
OLLAMA_REMOTE = {"en": "another machine — questions and passages leave this one",
                 "fr": "une autre machine — questions et passages quittent celle-ci"}
OLLAMA_LOCAL = {"en": "Ollama on this machine", "fr": "Ollama sur cette machine"}
ANSWERER_LLAMACPP = {
    "en": "Answers written by the local model {model} (llama.cpp, on this machine), every statement cited",
    "fr": "Réponses écrites par le modèle local {model} (llama.cpp, sur cette machine), chaque affirmation citée",
}
ANSWERER_OTHER = {"en": "Answers written by {kind} · {model}, every statement cited",
                  "fr": "Réponses écrites par {kind} · {model}, chaque affirmation citée"}
NO_PAGE_IMAGE_NOT_PDF = {
    "en": "No page image: this passage does not come from a PDF file in the workspace.",
    "fr": "Pas d'image de la page : ce passage ne vient pas d'un fichier PDF de l'espace de travail.",
}
NO_PAGE_IMAGE_NO_PAGE = {
    "en": "No page image: the page of this passage is unknown.",
    "fr": "Pas d'image de la page : la page de ce passage est inconnue.",
}
NO_PAGE_IMAGE_VIEWER = {
    "en": "No page image: this passage does not come from a PDF file (or its page is unknown); the text above is what was cited.",
    "fr": "Pas d'image de la page : ce passage ne vient pas d'un fichier PDF (ou sa page est inconnue) ; le texte ci-dessus est ce qui a été cité.",
}

# The large page viewer (pages/_shared.py), in the language of the question whose passage it shows.
VIEWER_TITLE = {"en": "Cited passage", "fr": "Passage cité"}
VIEWER_ZOOM = {"en": "Zoom", "fr": "Zoom"}
VIEWER_VIEW = {"en": "View", "fr": "Affichage"}
VIEWER_VIEWS = {"en": ("Around the passage", "Whole page"), "fr": ("Autour du passage", "Page entière")}
VIEWER_PAGES = {"en": "page {first}", "fr": "page {first}"}
VIEWER_HIGHLIGHTED = {"en": "Page {page} of {count} — the cited passage is highlighted",
                      "fr": "Page {page} sur {count} — le passage cité est surligné"}
VIEWER_NOT_LOCATED = {"en": "Page {page} of {count} — the passage could not be located on the page image: shown without highlight",
                      "fr": "Page {page} sur {count} — le passage n'a pas pu être situé sur l'image de la page : affichée sans surlignage"}
VIEWER_ELSEWHERE = {"en": "Page {page} of {count} — the passage is on {pages}", "fr": "Page {page} sur {count} — le passage est en {pages}"}
VIEWER_BACK = {"en": "Back to {pages}", "fr": "Revenir en {pages}"}
VIEWER_CANNOT_RENDER = {"en": "Cannot render page {page} ({why}): the passage text is in the sources panel.",
                        "fr": "Impossible d'afficher la page {page} ({why}) : le texte du passage est dans le panneau des sources."}


# Why no LLM answers, as the LLM resolver says it (pipelines.generators.llm: each reason, « ; » between them), in French.
LLM_REASONS_FR = {
    "LLM turned off in settings": "LLM désactivé dans les réglages",
    "no LLM configured": "aucun LLM configuré",
    "no LLM given": "aucun LLM fourni",
    "no Ollama answering on this machine": "aucun Ollama ne répond sur cette machine",
    "no Ollama answering at the configured URL": "aucun Ollama ne répond à l'URL configurée",
    "llama-cpp-python is not installed (make llm)": "llama-cpp-python n'est pas installé (make llm)",
}
_LLM_REASON_PATTERNS_FR = (
    (re.compile(r"^no GGUF model in (.+) \(make llm\)$"), r"aucun modèle GGUF dans \1 (make llm)"),
    (re.compile(r"^Ollama has no model (.+) \((ollama pull .+)\)$"), r"Ollama n'a pas le modèle \1 (\2)"),
    (re.compile(r"^Ollama URL (\S+) is not on this machine: set models\.allow_remote_llm to send questions there$"),
     r"l'URL d'Ollama \1 n'est pas sur cette machine : réglez models.allow_remote_llm pour y envoyer les questions"),
    (re.compile(r"^cannot load GGUF (.+?): (.+)$"), r"impossible de charger le GGUF \1 : \2"),
)


def llm_reason(reason: str, language: str) -> str:
    """The resolver's reason for having no LLM, in ``language``: each of its reasons the tables above know, in French."""
    if language != "fr":
        return reason
    return " ; ".join(_llm_reason_fr(part) for part in reason.split("; "))


def _llm_reason_fr(reason: str) -> str:
    if reason in LLM_REASONS_FR:
        return LLM_REASONS_FR[reason]
    return next((pattern.sub(french, reason) for pattern, french in _LLM_REASON_PATTERNS_FR if pattern.match(reason)), reason)


def date_in(value: Any, language: str) -> str:  # noqa: ANN401
    """A date as a reader of ``language`` writes it: « 31/12/2026 » in French; ISO (2026-12-31) otherwise.
    A value that is not an ISO date is given as it is."""
    text = str(value)
    match = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", text)
    return f"{match[3]}/{match[2]}/{match[1]}" if match and language == "fr" else text


def reply_language(question: str) -> str:
    """``"fr"`` for a French question, else ``"en"`` (:func:`question_language`)."""
    return "fr" if question_language(question) == "fr" else "en"


def abstention(language: str) -> str:
    """The abstention sentence in ``language`` ("fr" or "en"; English otherwise)."""
    return ABSTENTIONS.get(language, ABSTENTIONS["en"])


def says_abstention(text: str) -> bool:
    """Whether ``text`` holds an abstention sentence, in either language."""
    folded = fold(text)
    return any(fold(sentence.rstrip(".")) in folded for sentence in ABSTENTIONS.values())


def wording(table: dict[str, str], language: str, **values: object) -> str:
    """One of this module's messages in ``language``, filled with ``values``."""
    return table.get(language, table["en"]).format(**values)


def contract_label(title: str | None, file: str | None) -> str:
    """How an answer names a contract: its title and its file name without folders (« BAIL COMMERCIAL
    (Bail_entrepot.pdf) »: two copies of a contract share a title), the file name alone when it has no
    title, the title alone when it has no file."""
    name = PurePosixPath(file).name if file else ""
    title = " ".join((title or "").split())
    if title and name and fold(title) != fold(name):
        return f"{title} ({name})"
    return title or name


def file_names(files: list[str | None]) -> list[str]:
    """The file names of ``files`` without their folders (« Contrat_agence.pdf », not
    « dataroom/02_Commercial/Distribution/Contrat_agence.pdf »), once each, in their order."""
    return list(dict.fromkeys(PurePosixPath(f.replace("\\", "/")).name for f in files if f))


def contract_line(label: str, quoted: str, language: str) -> str:
    """One contract's line of a per-contract answer (:data:`CONTRACT_LINE`) in ``language``."""
    return wording(CONTRACT_LINE, language, label=label, quoted=quoted)


def contract_line_quote(line: str, labels: list[str]) -> str | None:
    """What ``line`` quotes when it is a per-contract line (:data:`CONTRACT_LINE`, either language)
    labelled by one of ``labels``; ``None`` when it is not one."""
    for label in sorted(labels, key=len, reverse=True):
        for template in CONTRACT_LINE.values():
            head = template.split("{quoted}")[0].format(label=label)
            if label and line.startswith(head):
                return line[len(head):]
    return None
