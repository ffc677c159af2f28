"""Does the contract renew by itself at the end of its term? (« tacite reconduction », "shall
automatically renew for successive one-year periods").

A contract that renews unless notice is given, or runs on past its term (« le bail se prolongera tacitement »,
as a French commercial lease does), does not end on the date its term names: that date is
its first term's end, and it runs on after it as long as no party gives notice. An end-date filter
must not count it as ending then (:mod:`greffier.services.dataroom.query` lists it apart).

The words of an automatic renewal are looked for in every sentence, in French and English; a sentence
that denies them (« Il ne se renouvellera pas par tacite reconduction », "shall not renew
automatically", « la tacite reconduction est exclue ») or only names them (a heading, a definition, a
recital) says nothing of the kind: the clause-polarity helper the compliance scan reads its keywords
with decides (:func:`greffier.compliance.polarity.read_match`). A renewal at a party's option ("may be
renewed by mutual agreement", « pourra être renouvelé d'un commun accord ») is no automatic renewal.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from greffier.compliance.polarity import read_match, statement_kind
from greffier.dataroom.extract.text import ChunkInput, Finding, sentences
from greffier.dataroom.normalize import fold

MAX_QUOTE = 300  # characters of the sentence kept as the finding's words

# On folded text (no accents, lower case). The words that say the contract renews by itself.
_AUTOMATIC = re.compile(
    r"\b(?:"
    # French: « par tacite reconduction », « reconduit tacitement », « se renouvellera automatiquement », « renouvelé de plein droit »
    r"tacite(?:ment)? reconduction|reconduction tacite|tacitement (?:reconduit|renouvel)\w*"
    r"|(?:reconduit|renouvel|prorog|prolong)\w* (?:(?:ensuite|ainsi|alors|chaque annee|d'annee en annee|par periodes? \w+(?: \w+)?) )?"
    r"(?:tacitement|automatiquement|de plein droit|de maniere automatique|par tacite reconduction)"
    r"|(?:se renouvell\w*|se reconduit|se reconduira|se prorog\w*) (?:ensuite |ainsi |alors )?(?:pour|par|d'annee|de plein droit|tacitement|automatiquement)"
    # English: "shall automatically renew", "renews automatically", "automatic renewal", "evergreen"
    # ("automatically extended" only for a term: "such period shall automatically be extended by the number of days" is a deadline's)
    r"|automatic(?:ally)? (?:be )?renew\w*|auto-?renew\w*|renew\w* automatically"
    r"|automatic(?:ally)? (?:be )?extend\w*(?: [^.;]{0,80}?)? for (?:an? |the )?(?:additional|successive|further|consecutive|renewal|period|term|one|two|three|\d)"
    r"|extend\w* automatically for|automatic (?:[\w-]+ ){0,3}(?:renewal|extension)s?"
    r"|automatic(?:ally)? continue\w*|continue\w* automatically"
    r"|(?:continue|renew|be renewed|be extended)\w* (?:thereafter )?(?:on a |from )year[ -]to[ -]year"
    r"|(?:continue|remain)\w* in (?:full )?(?:force|effect)[^.;]{0,80}? from year to year"
    r"|evergreen"
    r"|(?:shall|will) (?:thereafter )?(?:be )?(?:renew|extend)(?:ed)? (?:thereafter )?(?:for|on) (?:an? )?(?:successive|additional|consecutive|further)"
    r"|(?:shall|will) (?:thereafter )?(?:continue|remain) in (?:full )?(?:force|effect)(?: and effect)? (?:thereafter )?(?:from year to year|for successive|on a year-to-year)"
    r")"
)


def extract_renewal(chunks: Sequence[ChunkInput]) -> Finding[str] | None:
    """Whether the contract renews by itself: ``"automatic"`` from the first sentence that says so,
    else ``"none"`` from the first that denies it (« Il ne se renouvelle pas par tacite reconduction »:
    an amendment that rewrites the term article says so), with its chunk and words; ``None`` when no
    sentence speaks of it."""
    denied: Finding[str] | None = None
    for chunk in chunks:
        for sentence in sentences(chunk.text):
            words = " ".join(sentence.split())  # a hard-wrapped or justified text's runs of spaces
            for match in _AUTOMATIC.finditer(fold(words)):
                if statement_kind(words) != "clause":
                    break
                affirmative = read_match(words, match.start(), match.end()).polarity == "affirmative"
                if affirmative or denied is None:
                    found = Finding[str](
                        value="automatic" if affirmative else "none", chunk_id=chunk.id,
                        raw=words[:MAX_QUOTE] + ("…" if len(words) > MAX_QUOTE else ""),
                        rule="automatic renewal" if affirmative else "no automatic renewal",
                    )
                    if affirmative:
                        return found
                    denied = found
    return denied
