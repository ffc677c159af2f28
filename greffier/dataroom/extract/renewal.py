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

from greffier.compliance.polarity import main_clause_start, read_match, statement_kind
from greffier.dataroom.extract.periods import Period, find_periods, written_period
from greffier.dataroom.extract.text import ChunkInput, Finding, sentences
from greffier.dataroom.normalize import fold
from greffier.text import squeezed

MAX_QUOTE = 300  # characters of the sentence kept as the finding's words

# On folded text (no accents, lower case). The words that say the contract renews by itself.
_AUTOMATIC = re.compile(
    r"\b(?:"
    # French: « par tacite reconduction », « reconduit tacitement », « se renouvellera automatiquement », « renouvelé de plein droit »
    r"tacite(?:ment)? reconduction|reconduction tacite|tacitement (?:reconduit|renouvel|reconductible)\w*"
    # « Il est reconductible tacitement par périodes successives de douze (12) mois » (walkthrough 27: a hospital's maintenance marché)
    r"|(?:reconductible|renouvelable)s? (?:tacitement|automatiquement|de plein droit)"
    # « le Contrat se poursuivra de plein droit par périodes successives de douze (12) mois, à moins que … » (walkthrough 28)
    # (not a renewal the parties may agree on: « pourra se poursuivre … si les Parties en conviennent », "may be extended each time … by
    # mutual written agreement" — the review of the round)
    r"|(?<!pourra )(?<!pourront )(?<!peut )(?<!peuvent )(?<!pourrait )se poursui\w* (?:ensuite |ainsi |alors )?(?:de plein droit |tacitement |automatiquement )?(?:pour|par) (?:des |de )?(?:nouvelles )?periodes? (?:successives?|consecutives?|additionnelles?)"
    # "It shall be extended each time by twenty-four (24) months unless terminated" (walkthrough 27: a German supply agreement)
    r"|(?<!may be )(?<!can be )(?<!could be )(?<!might be )(?:extended|renewed|prolonged) (?:each time|every time|on each occasion) (?:by|for) (?:[\w-]+ ){0,2}?(?:\(\d+\) )?(?:months?|years?|periods?)\b"
    r"|(?:reconduit|renouvel|prorog|prolong)\w* (?:(?:ensuite|ainsi|alors|chaque annee|d'annee en annee|par periodes? \w+(?: \w+)?) )?"
    r"(?:tacitement|automatiquement|de plein droit|de maniere automatique|par tacite reconduction)"
    r"|(?:se renouvell\w*|se reconduit|se reconduira|se prorog\w*) (?:ensuite |ainsi |alors )?(?:pour|par|d'annee|de plein droit|tacitement|automatiquement)"
    # English: "shall automatically renew", "renews automatically", "automatic renewal", "evergreen"
    # ("automatically extended" only for a term: "such period shall automatically be extended by the number of days" is a deadline's)
    r"|automatic(?:ally)? (?:be )?renew\w*|auto-?renew\w*|renew\w* automatically"
    # "tacit renewal", "shall be tacitly renewed", "shall not be renewed by tacit agreement" (the English of « tacite reconduction »)
    r"|tacit(?:ly)? (?:be )?(?:renew\w*|extend\w*|extension|reconduction|prolong\w*)|renew\w* (?:by )?tacit(?:ly| agreement| renewal| consent| reconduction)"
    r"|automatic(?:ally)? (?:be )?extend\w*(?: [^.;]{0,80}?)? for (?:an? |the )?(?:additional|successive|further|consecutive|renewal|term|one|two|three|\d)"
    r"|extend\w* automatically for|automatic (?:[\w-]+ ){0,3}(?:renewal|extension)s?"
    # "extended automatically by successive terms of twelve (12) months" (a term's, not a deadline's "by the number of days")
    r"|(?:extend\w* automatically|automatic(?:ally)? (?:be )?extend\w*) by (?:successive|additional|further|consecutive) (?:terms?|periods?|years?)"
    r"|automatic(?:ally)? continue\w*|continue\w* automatically"
    r"|(?:continue|renew|be renewed|be extended)\w* (?:thereafter )?(?:on a |from )year[ -]to[ -]year"
    r"|(?:continue|remain)\w* in (?:full )?(?:force|effect)[^.;]{0,80}? from year to year"
    r"|evergreen"
    # a term that runs on with no end once the first one is over: « À l'issue de cette période initiale, il se poursuivra pour une durée
    # indéterminée, chacune des Parties pouvant alors y mettre fin … moyennant le respect du préavis » (walkthrough 29: an agent's contract
    # read as ending with its first three years), "shall thereafter continue indefinitely until terminated by either party"
    r"|(?<!pourra )(?<!pourront )(?<!peut )(?<!peuvent )(?<!pourrait )se poursui\w* (?:ensuite |alors |ainsi |au-dela )?(?:pour une duree indeterminee|a duree indeterminee|sans limitation de duree)"
    r"|(?:se transforme\w*|se poursui\w*|devien\w*|sera (?:alors )?transforme\w*) (?:ensuite |alors )?en (?:un )?contrat a duree indeterminee"
    r"|(?<!may )(?<!can )(?:shall|will) (?:thereafter |then )?continue (?:thereafter )?(?:in (?:full )?(?:force|effect) )?(?:indefinitely|for an (?:indefinite|unlimited) (?:term|period))"
    # "this Agreement shall continue for consecutive further periods of twenty-four (24) months each, unless and until either party
    # notifies …" (walkthrough 29: a cloud outsourcing agreement); not "may continue", nor one further period
    # (not one the parties must agree on: "… only if the Parties so agree in writing", "subject to the parties' written agreement" — the review)
    r"|(?<!may )(?<!can )(?:shall|will) (?:thereafter |then |automatically )?continue (?:thereafter )?for (?:consecutive|successive|further|additional)"
    r"(?: further| additional| successive| consecutive)? (?:periods|terms|years)\b"
    r"(?![^.;]{0,160}\b(?:only if|if (?:the|both) parties|subject to (?:the )?(?:parties|mutual|written|their)|as (?:the parties )?(?:may be )?(?:mutually )?agreed?"
    r"|(?:the )?parties (?:may |shall |so )?(?:mutually )?agree|by (?:written |mutual )?agreement|mutual(?:ly)?)\b)"
    # « le Contrat est réputé conclu à nouveau, aux mêmes conditions, pour une année, et ainsi d'année en année » (walkthrough 29): said of
    # the contract (not « le mandat du Président est réputé renouvelé », « la garantie … est réputée renouvelée »: the review), and not
    # « ne saurait être réputé reconduit »
    r"|\b(?:contrat|bail|convention|accord|present(?:e)? (?:contrat|convention|accord))\b[^.;]{0,80}?\b(?:est|sera|seront|sont) (?:alors )?"
    r"repute\w* (?:conclu\w*,? (?:a|de) nouveau|renouvel\w*|reconduit\w*)"
    # a fixed term that both parties go on with tacitly is deemed renewed for an indefinite term (Swiss CO art. 418p: « S'il est continué
    # tacitement par les deux parties après cette date, il sera réputé renouvelé pour une durée indéterminée »; the app walk of round 39:
    # the agency contract listed as ending on its first term's date), "if the parties tacitly continue it after that date"
    r"|(?<!soit )(?:continue|poursuivi|execute)e?s? tacitement\b|(?:est|sera|seront|sont) (?:alors )?repute\w* (?:renouvel|reconduit|prorog)\w* pour une duree indeterminee"
    r"|tacitly continued|continued tacitly|(?:is|shall be) deemed (?:to be )?(?:renewed|extended) for an (?:indefinite|unlimited) (?:term|period)"
    r"|(?:shall|will) (?:thereafter )?(?:be )?(?:renew|extend)(?:ed)? (?:thereafter )?(?:for|on) (?:an? )?(?:successive|additional|consecutive|further)"
    # "It shall thereafter be extended by successive periods of two (2) years unless terminated …" (walkthrough 25)
    r"|(?:shall|will) (?:thereafter )?(?:be )?(?:renew|extend)(?:ed)? (?:thereafter )?by (?:successive|consecutive) (?:terms?|periods?|years?)"
    r"|(?:shall|will) (?:thereafter )?(?:continue|remain) in (?:full )?(?:force|effect)(?: and effect)? (?:thereafter )?(?:from year to year|for successive|on a year-to-year)"
    r")"
)


# The words that deny any renewal, plainly: "This Agreement shall not be renewed", "is not renewable", « ne sera pas
# renouvelé », « non renouvelable » (no automatic renewal, whatever the parties may later agree).
_DENIED = re.compile(
    r"\b(?:(?:shall|will|may) not (?:be )?(?:renewed|extended)|(?:is|are|shall be) (?:not |non-?)renewable"
    r"|ne (?:sera|seront|pourra|pourront) (?:pas|en aucun cas|jamais) (?:etre )?(?:renouvel|reconduit|prorog)\w*"
    r"|ne (?:se renouvell\w*|se reconduit|se reconduira) pas|n'est pas (?:renouvelable|reconductible)|(?:est|sera) non (?:renouvelable|reconductible)"
    # « ne pourra être continué tacitement » (the review of the round: read as the Swiss agency contract's tacit continuation)
    r"|ne (?:sera|seront|pourra|pourront|peut|peuvent|saurait|sauraient|doit|doivent)(?: pas| en aucun cas| jamais)? (?:etre )?(?:continue|poursuivi|execute)e?s? tacitement"
    # « le Contrat ne pourra se poursuivre ni se reconduire, tacitement ou autrement » (walkthrough 25: a replaced term article)
    r"|ne (?:pourra|pourront|peut|peuvent|saurait|sauraient) (?:pas )?(?:se poursuivre|se prolonger|etre prolonge\w*) ni (?:se reconduire|se renouveler|etre reconduit\w*|etre renouvele\w*)"
    r"|ne (?:pourra|pourront|peut|peuvent|saurait|sauraient) (?:ni )?se (?:reconduire|renouveler)(?=,? ni\b| pas\b)"
    # « sans qu'aucun renouvellement ne puisse intervenir … », « aucune reconduction ne pourra intervenir »
    r"|sans qu'aucune? (?:renouvellement|reconduction|prorogation)|aucune? (?:renouvellement|reconduction|prorogation)(?: tacite)? ne (?:sera|pourra|peut|saurait)"
    # « les Parties renonçant expressément à toute tacite reconduction », « à l'exclusion de toute tacite reconduction », "the parties waive any
    # automatic renewal" (walkthrough 27: an avenant's replaced term article read as a renewal)
    r"|renon\w* (?:expressement |formellement )?a (?:toute|la|une quelconque) (?:tacite reconduction|reconduction|renouvellement|prorogation)"
    r"|(?:a l'exclusion de|exclu\w* (?:expressement )?) ?toute (?:tacite reconduction|reconduction|renouvellement|prorogation)"
    r"|waiv\w* (?:any|all|the) (?:right to )?(?:tacit|automatic) (?:renewal|extension)"
    # « Il ne fera l'objet d'aucune reconduction, tacite ou autre », "shall not be subject to any renewal", "no renewal, tacit or otherwise"
    r"|ne (?:fera|fait|pourra faire|peut faire|saurait faire) l'objet d'aucune? (?:renouvellement|reconduction|prorogation)"
    r"|(?:shall|will|is) not (?:be )?subject to (?:any )?(?:renewal|extension)"
    r"|no (?:renewal|extension),? (?:tacit|automatic|express) or otherwise"
    # "This Agreement contains no option to renew", « ne comporte aucune option de renouvellement » (the app walk of round 29)
    r"|(?:contains?|has|grants?|provides?(?: for)?|includes?) no (?:option|right) (?:to (?:renew|extend(?=\s+(?:the |this |its )?(?:term|agreement|contract|lease|licen[cs]e)\b|\s*(?:[.;,]|or\b|$)))"
    r"|of (?:renewal|extension)|for (?:renewal|extension))"
    r"|(?:ne comporte|ne prevoit|ne contient|n'offre) aucune (?:option|faculte|possibilite) de (?:renouvellement|prorogation|reconduction))\b"
)
# … unless a condition or a limit follows it: "shall not be renewed if either party objects", "more than twice" (it may renew)
_DENIAL_LIMITED = re.compile(r"^[^.;]{0,40}?\b(?:if|unless|except|save|more than|beyond|other than|si|sauf|plus de|au-dela|hormis|excepte|du fait de|en raison de|by reason of|on account of|que|qu')(?:\b|(?<='))")
# … but not the parties' own agreement: "shall not be extended except by a written agreement of the parties", « autrement que
# par un nouvel accord écrit » deny the contract renews by itself (walkthrough 14)
_ONLY_BY_AGREEMENT = re.compile(
    r"^[^.;]{0,40}?\b(?:except|save|other than|otherwise than|unless|sauf|autrement que|si ce n'est|hormis)\b[^.;]{0,40}?"
    r"\b(?:(?:written|mutual|express|further|new) agreement|agreement in writing|(?:written )?amendment|accord|avenant|commun accord)"
)

# What may renew by itself: the contract, its term (or « il », « elle » standing for it). A deadline, a notice period,
# a warranty or a policy extended « de plein droit » / "automatically" is not the contract's term.
_SUBJECT = re.compile(
    r"\b(?:contrat|convention|bail|licence|mandat|accord|protocole|present|presente|duree|terme|il|elle"
    r"|agreement|contract|term|lease|licen[cs]e|it)\b"
    # a subscription agreement's subscription is its term ("the Subscription shall renew automatically"), not a subscription to
    # something the contract adds ("the Customer's subscription to the Premium Support Plan")
    r"|(?<!'s )\b(?:the |this |l'|cet )?(?:subscription|abonnement)\b(?! (?:to|for|of|a|au|aux|de|du|des)\b)"
)
_OTHER_SUBJECT = re.compile(
    r"\b(?:delais?|preavis|periode de garantie|garantie|polices?|assurances?|deadlines?|notice|warranty|payment terms?|delivery dates?"
    r"|warranty period|cure period|time (?:limit|period)|polic(?:y|ies)|insurance|prices?|prix)\b"
)
# A word that is the contract, said without a subject: "automatic renewal", « tacite reconduction », "evergreen".
_NOMINAL = re.compile(r"^(?:tacite|tacit |reconduction|automatic |evergreen|contrat|bail|convention|accord|present)")  # (the last: a match that names its subject)
# Where the clause that holds the words starts: past a leading condition (for its subject: « Si aucune des parties ne le
# dénonce, il se renouvelle … », "Unless either party gives notice of non-renewal, this Agreement shall automatically
# renew"; the clause-polarity helper reads the condition's negation as the condition's); after « et » / "and" before a
# verb ("… is non-exclusive and shall automatically renew"), for its polarity: the subject may come before.
_CONJOINED = re.compile(r"\s(?:and|et)\s+(?=(?:shall|will|it|this|the|il|elle|le|la|se)\b)")
# The term article: its reading decides before a word elsewhere (a force-majeure clause's « délais prorogés »)
_TERM_HEADING = re.compile(r"\b(?:duree|term|terme|renouvellement|reconduction|renewal|expiration|echeance)\b")


# A term that runs on with no end (:data:`_AUTOMATIC`'s last French and English forms) after a trial period is an employment contract's,
# indefinite from the start (« À l'issue de la période d'essai, le contrat se poursuivra à durée indéterminée »): no first term ends
_RUNS_ON_INDEFINITELY = re.compile(r".*(?:indetermin|indefinite|unlimited|sans limitation)")
# … nor one the parties must agree on or a party may choose: « d'un commun accord », « si les Parties en conviennent », "only if the Parties so
# agree", "subject to the parties' written agreement", "may elect" (the review of the round)
_ONLY_IF_AGREED = re.compile(
    r"\b(?:d'un commun accord|si les parties|en conviennent|sous reserve de l'accord|avec l'accord|accord (?:ecrit |expres |prealable )?des parties"
    r"|only if|if (?:the|both) parties|so agree|subject to (?:the )?(?:parties|mutual|written)|mutual(?:ly)?|by (?:written |mutual )?agreement|may elect"
    r"|(?:pourra|pourront|peut|peuvent)(?:,? [^,.;]{1,40},)? se poursuivre)\b"
)
_TRIAL = re.compile(r"\b(?:periode d'essai|essai|probation\w*|trial period)\b")


def renewal_reading(sentence: str) -> str | None:
    """``"automatic"`` when ``sentence`` says the contract renews by itself, ``"none"`` when it denies it, else
    ``None`` (a heading, a definition, a deadline's or a policy's extension, no such words)."""
    words = " ".join(sentence.split())  # a hard-wrapped or justified text's runs of spaces
    folded = fold(words)
    if statement_kind(words) != "clause":
        return None
    readings = []
    # a renewal's words inside a denial's (« renonçant … à toute tacite reconduction », "waive any automatic renewal") deny it
    denials = list(_DENIED.finditer(folded))
    for match in _AUTOMATIC.finditer(folded):
        if any(denial.start() <= match.start() < denial.end() for denial in denials):
            readings.append("none")
            continue
        _subject_from, start = _clause_start(folded, match.start())
        if not _NOMINAL.match(match.group(0)) and not _said_of_the_contract(folded, match.start()):
            continue  # « les délais d'exécution seront prorogés de plein droit », "shall automatically renew its insurance"
        if _RUNS_ON_INDEFINITELY.match(match.group(0)) and (_TRIAL.search(folded) or _ONLY_IF_AGREED.search(folded)):
            continue  # after a trial period (an employment contract, indefinite from the start), or if the parties agree: none by itself
        if re.match(r"\s+(?:its|their|his|her|such|the (?:insurance|polic|subscription))\b", folded[match.end():]):
            continue  # renews something else: "shall automatically renew its insurance policies"
        reading = read_match(words[start:], match.start() - start, match.end() - start)
        readings.append("automatic" if reading.polarity == "affirmative" else "none")
    if "automatic" in readings:
        return "automatic"
    if not readings:
        for match in denials:
            rest = folded[match.end():]
            if _said_of_the_contract(folded, match.start()) and (not _DENIAL_LIMITED.match(rest) or _ONLY_BY_AGREEMENT.match(rest)):
                readings.append("none")  # "This Agreement shall not be renewed" (a walkthrough: no reading)
    return "none" if readings else None


def _said_of_the_contract(folded: str, at: int) -> bool:
    """Whether the words at ``at`` are said of the contract or its term: its clause's subject is one
    (:data:`_SUBJECT`), not a deadline's, a warranty's or a policy's (:data:`_OTHER_SUBJECT`)."""
    subject_from, _start = _clause_start(folded, at)
    before = folded[subject_from:at]
    return bool(_SUBJECT.search(before)) and not _OTHER_SUBJECT.search(before[-60:])


def _clause_start(folded: str, at: int) -> tuple[int, int]:
    """Where the clause holding the words at ``at`` starts: past a leading condition's comma (for its subject and
    its polarity), and past « et » / "and" too (for its polarity: the subject may come before)."""
    start = main_clause_start(folded[:at])
    joined = [m.end() for m in _CONJOINED.finditer(folded, start, at)]
    return start, joined[-1] if joined else start


def _term_articles(chunks: Sequence[ChunkInput]) -> list[ChunkInput]:
    """The chunks of the term article (:data:`_TERM_HEADING`), in their order."""
    return [chunk for chunk in chunks if _TERM_HEADING.search(fold(chunk.section or ""))]


def extract_renewal(chunks: Sequence[ChunkInput]) -> Finding[str] | None:
    """Whether the contract renews by itself: ``"automatic"`` or ``"none"`` (« Il ne se renouvelle pas par tacite
    reconduction »: an amendment that rewrites the term article says so), with the sentence's chunk and words;
    ``None`` when no sentence speaks of it. The term article's reading decides first (its first sentence that
    says automatic, else its first denial); elsewhere, a sentence that says it renews wins over a denial."""
    term = _term_articles(chunks)
    others = [chunk for chunk in chunks if chunk not in term]
    for group in (term, others):
        found: dict[str, Finding[str]] = {}
        for chunk in group:
            for sentence in sentences(chunk.text):
                reading = renewal_reading(sentence)
                if reading is not None and reading not in found:
                    words = squeezed(sentence)  # the quote keeps its no-break spaces (walkthrough 22: « tacite ; » lost one)
                    found[reading] = Finding[str](
                        value=reading, chunk_id=chunk.id, raw=words[:MAX_QUOTE] + ("…" if len(words) > MAX_QUOTE else ""),
                        rule="automatic renewal" if reading == "automatic" else "no automatic renewal",
                    )
        if found:
            return found.get("automatic") or found["none"]
    return None


# --- the notice that stops a renewal --------------------------------------------------------------------------------------
# How long before the end of its term notice must be given for a contract that renews by itself not to renew: "unless either
# party notifies the other in writing at least sixty (60) days prior to the expiration", "upon 180 days prior written notice
# … prior to the expiration of the then-current term", « sauf dénonciation … trois (3) mois au moins avant son échéance »,
# « moyennant un préavis de six mois ». The length (a :class:`~greffier.dataroom.extract.periods.Period`, written "90 days")
# and the end of the term give the last day to give notice (:func:`greffier.dataroom.records.next_notice`).

# a notice word before the length: "notice of at least", "written notice of not less than", « un préavis de », « préavis d'au moins »
_NOTICE_BEFORE = re.compile(
    r"(?:notice|notification|notify\w*|preavis|denonciation|conge)(?: period)?\s+(?:in writing\s+)?(?:of|de|d'|d'un|d'une)?\s*"
    r"(?:(?:at least|not less than|no less than|a minimum of|au moins|au minimum|minimum)\s+)?$"
)
# … or after it: "ninety (90) days' prior written notice", "a thirty-day notice", "30 days advance notice", « six mois de préavis »
_NOTICE_AFTER = re.compile(r"^(?:'|’|'s|’s)?\s*(?:(?:prior|advance|previous)\s+)?(?:written\s+)?(?:notice|notification|de preavis|preavis)\b")
# … or a length before the end: "at least sixty (60) days prior to the expiration", « au moins six mois avant l'échéance »
_BEFORE_THE_END = re.compile(
    r"^[^.;]{0,25}?\b(?:prior to|before|in advance of|preceding|avant|precedant)\s+(?:the\s+|l'|la\s+|le\s+|son\s+|sa\s+|chaque\s+|each\s+|any\s+)?"
    r"(?:(?:then[- ]current|current|applicable|relevant|scheduled|date of|date d'|en cours|initial)\s+)?"
    r"(?:end|expir\w*|terminat\w*|anniversary|renewal|term\b|echeance|terme|expiration|fin\b|date (?:d'echeance|anniversaire|d'expiration)|(?:such )?date)"
)
# the sentence is about the contract's end or renewal (not a termination for breach, a price change or a delivery)
_END_OR_RENEWAL = re.compile(
    r"\b(?:renew\w*|non-?renewal|extend\w*|extension|expir\w*|end of (?:the |its |each |any |such )?(?:then[- ]current |initial |renewal )?(?:term|period)"
    r"|anniversary|continue\w*|reconduction|reconduit|renouvel\w*|echeance|terme|prorog\w*|denonc\w*)"
)
_RENEWAL_WORD = re.compile(r"\b(?:renew\w*|non-?renewal|expiration of (?:the|its|this|such)|reconduction|reconduit|renouvel\w*|echeance)")
_NOT_THE_END = re.compile(
    r"\b(?:cure|remedy|breach|default|manquement|price|prix|delivery|livraison|invoice|factur\w*|payment|paiement"
    # a notice to end the contract at will or on a missed target, or to revise its rates, is no notice that stops a renewal (a review)
    r"|convenience|convenance|at any time|a tout moment|revis\w*|revision|tarifs?|rates?|fees?|target|objectif)\b"
)


# … or a length "in advance" in a sentence that gives notice (« donner congé à l'expiration de chaque période triennale, au moins six
# (6) mois à l'avance »: walkthrough 20's lease, whose tacit prolongation a congé stops)
_IN_ADVANCE = re.compile(r"^\s*(?:a l'avance|d'avance|in advance|beforehand)\b")
# … a notice that stops it: a congé, a notice of non-renewal or of termination (not a reminder, a forecast, new prices "notified in advance")
_GIVES_NOTICE = re.compile(r"\b(?:conge|denonc\w*|non-?renewal|non-?renouvellement|terminat\w*|resili\w*|prevent\w*|empecher|mettre fin|stop\w*)\b")


def renewal_notice(sentence: str) -> tuple[Period, str] | None:
    """The length of the notice ``sentence`` gives for a renewal to stop (or for the contract to end at its term's end), with
    the words that say it; ``None`` when it gives none."""
    words = squeezed(sentence)
    folded = fold(words)
    if not _END_OR_RENEWAL.search(folded) or _NOT_THE_END.search(folded):
        return None
    for period, match in find_periods(folded):
        before, after = folded[max(0, match.start() - 60) : match.start()], folded[match.end() :]
        if _NOTICE_BEFORE.search(before) or _NOTICE_AFTER.match(after) or _BEFORE_THE_END.match(after) or (
            _IN_ADVANCE.match(after) and _GIVES_NOTICE.search(folded)
        ):
            return period, words
    return None


def extract_renewal_notice(chunks: Sequence[ChunkInput], renewal: Finding[str] | None) -> Finding[str] | None:
    """The notice that stops the contract's automatic renewal (``renewal``: :func:`extract_renewal`'s finding), written "90 days"
    / "6 months": read in the renewal's sentence's article first, then in the term article, then elsewhere; ``None`` when the
    contract does not renew by itself or no sentence gives a length."""
    if renewal is None or renewal.value != "automatic":
        return None
    own = [chunk for chunk in chunks if chunk.id == renewal.chunk_id]
    term = [chunk for chunk in _term_articles(chunks) if chunk not in own]
    others = [chunk for chunk in chunks if chunk not in own and chunk not in term]
    for group in (own, term, others):
        for chunk in group:
            # the sentence that says it renews first: another notice in its article (a termination at will) comes after (a review)
            ordered = sorted(sentences(chunk.text), key=lambda s: renewal_reading(s) != "automatic")
            for sentence in ordered:
                if group is others and not _RENEWAL_WORD.search(fold(sentence)):
                    continue  # elsewhere, a notice said of the renewal or the term's expiry only ("at the expiration of its term or any renewal term")
                if (found := renewal_notice(sentence)) is not None:
                    period, words = found
                    return Finding[str](value=written_period(period), chunk_id=chunk.id,
                                        raw=words[:MAX_QUOTE] + ("…" if len(words) > MAX_QUOTE else ""), rule="renewal notice")
    return None


# --- the length of each renewal -------------------------------------------------------------------------------------------
# "shall automatically renew for successive one (1) year terms", « se renouvellera par périodes successives de deux ans »,
# "on a year to year basis", « d'année en année »: how long each renewed term lasts, which dates the current term and the next
# notice deadline (:func:`greffier.dataroom.records.next_notice`). A length followed by "prior", "before" or "notice" is the
# notice's, not the renewal's.
_NOT_A_RENEWAL_LENGTH = re.compile(r"^(?:'|’|'s|’s)?\s*(?:(?:prior|advance|previous|written|de preavis|au moins|at least)\b|[^.;]{0,25}?\b(?:prior to|before|avant|notice|preavis)\b)")
_YEARLY = re.compile(
    r"\b(?:year[ -]to[ -]year|from year to year|d'annee en annee|annually|annuellement|chaque annee|each year|every year|yearly"
    r"|annual (?:periods?|terms?|basis|renewals?|increments?))\b"
)
_MONTHLY = re.compile(r"\b(?:month[ -]to[ -]month|de mois en mois|mensuellement|monthly|each month|chaque mois)\b")


def renewal_length(sentence: str) -> Period | None:
    """How long each renewed term lasts, as ``sentence`` (one that says the contract renews by itself) writes it; ``None`` when it
    does not say. The contract's first term ("an initial term of three (3) years … and shall renew for successive one-year terms")
    is not it: the length after the renewal's words is."""
    folded = fold(" ".join(sentence.split()))
    if any(_RUNS_ON_INDEFINITELY.match(m.group(0)) for m in _AUTOMATIC.finditer(folded)):
        return None  # a term that runs on with no end has no renewed length: « … pour une durée indéterminée … préavis d'un mois » (walkthrough 30)
    start = next((m.start() for m in _AUTOMATIC.finditer(folded)), 0)
    for period, match in find_periods(folded):
        before = folded[max(0, match.start() - 40) : match.start()]
        if re.search(r"\b(?:initial\w*|first|premiere?)\b", before):
            continue  # the first term's: « durée initiale de trois (3) ans », "an Initial Term of three (3) years" (a review)
        if match.start() < start and not re.search(r"\b(?:successive|additional|further|consecutive|renewal|periodes?)\b", before):
            continue  # the first term's, before the renewal's words
        if _NOT_A_RENEWAL_LENGTH.match(folded[match.end() :]):
            continue
        return period
    if _YEARLY.search(folded):
        return Period(count=1, unit="years")
    if _MONTHLY.search(folded):
        return Period(count=1, unit="months")
    return None


def extract_renewal_length(chunks: Sequence[ChunkInput], renewal: Finding[str] | None) -> Finding[str] | None:
    """The length of each renewal of a contract that renews by itself (``renewal``), written "1 year" / "12 months", read in
    the sentence that says it renews; ``None`` when it does not renew by itself or that sentence gives no length."""
    if renewal is None or renewal.value != "automatic":
        return None
    for chunk in (chunk for chunk in chunks if chunk.id == renewal.chunk_id):
        for sentence in sentences(chunk.text):
            if renewal_reading(sentence) == "automatic" and (period := renewal_length(sentence)) is not None:
                words = squeezed(sentence)
                return Finding[str](value=written_period(period), chunk_id=chunk.id, raw=words[:MAX_QUOTE] + ("…" if len(words) > MAX_QUOTE else ""),
                                    rule="renewal length")
    return None


