"""Documents of a data room that are not contracts: an internal memo, minutes of a meeting, a report.

A data room holds more than contracts: the legal department's memo that sums up the fleet's leases, a board's
minutes, a due-diligence report. They bind no one, and what they say of a contract may be stale (« le bail expire en
mars 2029 » in a memo written before the amendment that moved the lease's end). Read as contracts, their writers
become parties (« NOTE INTERNE; Air Volcans SA »), their dates end dates, and the scan flags them for a missing
governing-law clause (walkthrough 19).

Such a document says what it is in its title or first line (« NOTE INTERNE – … », "MINUTES OF THE MEETING OF THE
BOARD", « Maison Brûlerie SAS — Procès-verbal de la réunion … », "Due diligence report") or under it (« Document interne — ne
constitue pas un engagement contractuel »), and it writes none of what makes a contract: parties who
agree (« ENTRE LES SOUSSIGNÉS », "the parties agree", « il a été convenu »), a testimonium ("IN WITNESS WHEREOF").
A document with such words stays a contract whatever its title ("MEMORANDUM OF AGREEMENT" is one; a memorandum of
understanding too).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from greffier.dataroom.extract.text import ChunkInput
from greffier.dataroom.vocabulary import match_contract_type
from greffier.text import fold

# The kinds, by what their title or first line opens with (folded). Each: (pattern, the kind in English).
_KINDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), kind)
    for pattern, kind in (
        # a memorandum of something is an act ("Memorandum of Understanding / Agreement / Lease / Deposit / Intent")
        (r"^(?:internal |file |briefing |legal )?(?:memo|memorandum)\b(?!\s+(?:of|d'|de)\b)", "an internal memo"),
        (r"^(?:memo|memorandum)\s+(?:interne|juridique)\b", "an internal memo"),
        (r"^note\s+(?:interne|juridique|de synthese|d'information|de service|a l'attention|au comite|au conseil|pour le comite|pour le conseil"
         r"|to (?:file|the board|the committee)|for (?:the )?(?:file|board|committee))\b", "an internal memo"),
        (r"^(?:internal|file|briefing) note\b", "an internal memo"),
        # minutes of a meeting, not the acts written as « procès-verbal » (de réception des travaux, de livraison) or "Minutes of Settlement"
        (r"^(?:proces[- ]verbal|compte[- ]rendu|pv)\b(?=.{0,60}\b(?:reunion|seance|conseil|comite|assemblee|deliberations|decisions du)\b)",
         "minutes of a meeting"),
        (r"^(?:minutes of (?:the |a )?(?:\w+ ){0,3}?(?:meeting|board|committee)|meeting notes|notes of (?:the |a )?meeting|board minutes|meeting minutes)\b",
         "minutes of a meeting"),
        (r"^(?:rapport|report)\b(?!\s+(?:and|et)\b)", "a report"),
    )
)
# What makes a text a contract: parties who agree, their signatures' testimonium, an « ARTICLE 1 ».
_AGREEMENT = re.compile(
    r"\bentre les soussigne|\b(?:il|ils) (?:a ete|est|ont ete|sont) (?:convenu|arrete|stipule)|\bconviennent\b|\bsont convenues?\b|\bont convenu\b"
    r"|\b(?:the )?parties (?:hereto )?(?:hereby )?(?:agree|covenant)|\bit is (?:hereby )?(?:agreed|understood and agreed)\b|\bhereby agrees?\b"
    r"|\b(?:have|has) agreed\b|\bagrees? as follows\b|\bmade (?:by and )?between\b|\bfor and on behalf of\b|\bcontrat (?:conclu|passe)\b"
    r"|\bin witness whereof\b|\bwitnesseth\b|\bfait en (?:deux|trois|\d+) (?:exemplaires|originaux)\b|\bentered into (?:by and )?between\b"
    r"|^\s*(?:entre|between)\s*:?\s*$|^\s*(?:#+\s*)?article\s+(?:1|1er|premier|i|one)\b",
    re.MULTILINE,
)
_FIRST_LINE_CHARS = 200
# A document that says it binds no one (« Document interne — ne constitue pas un engagement contractuel »; not a mere "for internal use
# only", which a contract's header may say)
_SAYS_IT_IS_NONE = re.compile(
    r"\bne constitue (?:pas|en aucun cas) un (?:engagement contractuel|contrat)\b|\bsans valeur contractuelle\b"
    r"|\bdocument (?:interne,? )?(?:non contractuel|non-contractuel)\b|\binternal document,? (?:not contractual|non-contractual|not binding|non-binding)\b"
    r"|\bdoes not constitute (?:a|an|any) (?:contract|agreement)\b(?![^.]{0,80}\bexcept\b)"
)
_OPENING_CHARS = 600  # where such a statement stands: under the title
_HEAD_LINES = 3  # the lines read for the title: a letterhead's company and department may come first
_UNDER_A_LETTERHEAD = frozenset({"an internal memo", "minutes of a meeting"})  # what a line below a letterhead may say the document is
# A title's parts (« Maison Brûlerie SAS — Procès-verbal de la réunion du Comité de direction »): the kind may follow the company's name
_TITLE_PARTS = re.compile(r"\s+[—–-]\s+|\s*:\s+|\s*\|\s*")


def _first_lines(chunks: Sequence[ChunkInput]) -> list[str]:
    """The first lines of the text: a letterhead may stand above the title (« ARMEMENT X SAS / Direction juridique / NOTE À
    L'ATTENTION DU COMITÉ », walkthrough 21)."""
    lines = [line.strip(" #*")[:_FIRST_LINE_CHARS] for chunk in chunks[:_HEAD_LINES] for line in chunk.text.splitlines() if line.strip(" #*")]
    return lines[:_HEAD_LINES]


def not_a_contract(title: str, chunks: Sequence[ChunkInput]) -> str | None:
    """What the document is when it says it is no contract (« an internal memo », "minutes of a meeting", "a report"), from
    its title or first line; ``None`` for a contract, and for any document whose text makes parties agree."""
    kind, decided = None, False
    for number, line in enumerate((title, *_first_lines(chunks))):
        for part in _TITLE_PARTS.split(fold(line or "").strip(" #*-–—")):
            part = part.strip(" #*")
            kind = next((k for pattern, k in _KINDS if pattern.match(part)), None)
            if number > 1 and kind not in _UNDER_A_LETTERHEAD:
                kind = None  # a line under the first says a memo or minutes only (not "Report any claim to …" of a policy's schedule)
            # the first part that says what the document is decides (« Contrat de prestation — Rapport d'activité » is a contract)
            if decided := kind is not None or bool(match_contract_type(part)):
                break
        if decided:
            break
    if kind is None:
        opening = fold("\n".join(chunk.text for chunk in chunks[:_HEAD_LINES])[:_OPENING_CHARS])
        kind = "a document that says it is no contract" if _SAYS_IT_IS_NONE.search(opening) else None
    if kind is None:
        return None
    if any(_AGREEMENT.search(fold(chunk.text)) for chunk in chunks):
        return None
    return kind
