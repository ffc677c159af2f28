"""The date a contract was signed: « Fait à Paris, le 3 mars 2022 », "Signed on", "Dated as of"..."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from datetime import date

from greffier.dataroom.extract.opening import opening_of
from greffier.dataroom.extract.text import DATE_GROUP, UPPER, ChunkInput, Finding, numeric_date, numeric_month_first, read_date
from greffier.dataroom.normalize import DateMention, find_dates, parse_date

_THIS = r"\b(?:this|the\s+present)\s+(?:[\w\"“”()-]+\s+){0,6}?"
_SIGNATURE_RULES: tuple[tuple[str, re.Pattern[str], bool], ...] = (
    # (rule, pattern, take the last match: signature blocks close the contract)
    # (« Fait à Bordeaux, en deux exemplaires originaux, le 3 mars 2023 »: the copies between the place and the date)
    ("fait à", re.compile(
        rf"\b(?:fait|établi|sign[ée]e?)\b[^.\n]{{0,80}}?\bà\s+[^,\n]{{1,40}},?\s+(?:en\s+[^,\n]{{0,30}}?\bexemplaires?\b[^,\n]{{0,30}},?\s+)?le\s+{DATE_GROUP}", re.I,
    ), True),
    ("fait le", re.compile(rf"\bfait\s+(?:[^,\n]{{0,40}},?\s+)?le\s+{DATE_GROUP}", re.I), True),
    ("à <ville>, le", re.compile(rf"^\s*(?:à|a)\s+[{UPPER}][^,\n]{{1,40}},\s+le\s+{DATE_GROUP}", re.I | re.M), True),
    # … or the agreement's own date, a form's box ("Date of Agreement: 1 July 2023", BIMCO's forms; « Date du contrat : … »)
    ("date de signature", re.compile(
        rf"\b(?:date de (?:la )?signature|signature date|date of signature)\s*:?\s*{DATE_GROUP}", re.I), False),
    # … or a form's box for the agreement's own date ("Date of Agreement: 1 July 2023", BIMCO's forms), at a line's start — not the
    # original contract's date an amendment cites (« Contrat initial : … date du contrat : 1er mars 2019 »)
    ("date de signature", re.compile(
        rf"(?:^|\n)[ \t*]*(?:date of (?:this )?(?:agreement|contract)|date du pr[ée]sent (?:contrat|accord))\s*:\s*{DATE_GROUP}", re.I), False),
    (
        "signed on",
        re.compile(
            rf"(?:^[ \t]*|{_THIS}(?:is|was)\s+)(?:signed|executed)(?:\s+and\s+(?:effective|delivered|dated))?\s+(?:(?:at|in)\s+[^,\n]{{1,40}}?,?\s+)?(?:on|as of|this)\s+(?:this\s+)?(?:the\s+)?{DATE_GROUP}",
            re.I | re.M,
        ),
        True,
    ),
    ("dated", re.compile(rf"(?:^[ \t]*|{_THIS}(?:is\s+)?)dated\s+(?:as\s+of\s+)?(?:this\s+)?(?:the\s+)?{DATE_GROUP}", re.I | re.M), False),
    ("made on", re.compile(rf"{_THIS}(?:is\s+)?(?:made|entered\s+into)\s+(?:on|as\s+of)\s+(?:this\s+)?(?:the\s+)?{DATE_GROUP}", re.I), False),
    ("signé le", re.compile(rf"\bprésente?\s+\w+\s+(?:est|a\s+été)\s+sign[ée]e?\s+le\s+{DATE_GROUP}", re.I), False),
    # … or a signature line that names the party and its signatory first: "Signed for and on behalf of KESSLER BRECHTECHNIK GMBH by Markus
    # Kessler, Geschäftsführer, at Mannheim on 12 March 2024" (walkthrough 35: the last of two such lines dates the contract), a table's
    # cells on one line ("… on 12 March 2024 | Signed for and on behalf of … on 19 March 2024"); one rule, so the last line of either kind
    # wins (the review)
    ("signed at", re.compile(
        # (a capital's "Signed for" in the middle of a line too: a text file's lines joined, "… on 12 March 2024 [signed] Signed for …")
        rf"(?:(?:(?:^|\|)[ \t*]*(?:signed|executed)|(?-i:\b(?:Signed|SIGNED|Executed|EXECUTED)))\s+(?:for|by)\b[^\n]{{0,160}}?|\b(?:done|signed)\b[^.\n]{{0,40}}?)"
        rf"\bat\s+[^,\n]{{1,40}}?,?\s+on\s+(?:this\s+)?(?:the\s+)?{DATE_GROUP}", re.I | re.M), True),
    # an insurance policy is issued, not signed: "Issued at Hamburg on 15 December 2025" (walkthrough 30), the line's own words — not a
    # bond "issued at BNP Paribas Paris on …" inside a clause (the review of the round)
    ("signed at", re.compile(rf"^[ \t*]*issued\s+at\s+[^,\n]{{1,40}}?,?\s+on\s+(?:this\s+)?(?:the\s+)?{DATE_GROUP}", re.I | re.M), True),
    # the operative words close the recitals with the date: "IT IS HEREBY AGREED, by and between the Parties, this 30th day of April 2015"
    ("agreed this", re.compile(rf"\bit\s+is\s+(?:hereby\s+)?agreed\b[^.]{{0,80}}?\bthis\s+(?:the\s+)?{DATE_GROUP}", re.I), False),
    (
        "in witness whereof",
        re.compile(
            rf"\b(?:in witness whereof\b[^.]{{0,200}}?\b(?:on|as of|this)\s+(?:this\s+)?(?:the\s+)?|en\s+foi\s+de\s+quoi\b[^.]{{0,200}}?\b(?:le|en\s+date\s+du)\s+){DATE_GROUP}",
            re.I,
        ),
        True,
    ),
    # the witness clause points below it to the date: "IN WITNESS WHEREOF, the parties have executed this Agreement on the date written
    # below. ⏎ July 1, 2008", « EN FOI DE QUOI, les parties ont signé le présent contrat à la date indiquée ci-dessous. ⏎ Le 1er juillet 2008 »
    (
        "in witness whereof",
        re.compile(
            r"\b(?:in\s+witness\s+whereof\b[^.]{0,200}?\b(?:date|day\s+and\s+year)s?\s+(?:first\s+)?(?:written|set\s+(?:forth|out)|indicated|stated|shown)\s+below"
            r"|en\s+foi\s+de\s+quoi\b[^.]{0,200}?\bdate\s+(?:indiqu[ée]e|figurant|mentionn[ée]e)\s+ci-dessous)"
            rf"\W{{0,20}}(?:(?:le|on|dated?:?)\s+)?{DATE_GROUP}",
            re.I,
        ),
        True,
    ),
    # the acceptance formula of a letter agreement: "Agreed and accepted on March 15, 2019", « Lu et approuvé, le 15 mars 2019 », « Bon pour accord le … »
    (
        "agreed and accepted",
        re.compile(
            r"\b(?:agreed\s+(?:to\s+)?and\s+accepted|accepted\s+and\s+agreed(?:\s+to)?|acknowledged\s+and\s+agreed(?:\s+to)?|lu\s+et\s+approuv[ée]|bon\s+pour\s+accord)"
            rf"\s*,?\s*(?:(?:on|as\s+of|this|le|en\s+date\s+du)\s+)(?:this\s+)?(?:the\s+)?{DATE_GROUP}",
            re.I,
        ),
        True,
    ),
    ("signé le", re.compile(rf"^\s*sign[ée]e?\s+(?:électroniquement\s+)?le\s+{DATE_GROUP}", re.I | re.M), True),
    # a line of a place and a date right above the signatures, as « À Paris, le … » in English: "Hamburg, November 19th, 2012 ⏎ /s/ …"
    (
        "<place>, <date>",
        # (a text whose lines were joined keeps the signature right after it: "5 Hamburg, November 19th, 2012 /s/ Thomas …")
        # — a place's name only (one to three capitalised words of letters: not "Initial Term ends", "Amendment No. 1", "Letter
        # of Intent"), the signatures right after it (nothing but spaces and line breaks between; « Pour … » on a line of its own)
        re.compile(
            rf"(?:^[ \t]*|(?<=\d\s))(?-i:[{UPPER}][^\W\d_]+(?:[ -][{UPPER}][^\W\d_]+){{0,2}}),[ \t]+(?:le[ \t]+)?{DATE_GROUP}"
            # « Genève, le 4 avril 2024 ⏎ Pour Datacime Sàrl : … », "London, 2 May 2025 ⏎ For and on behalf of …": a signatory's
            # line of its own, capitalised (not « Échéance, le 31 décembre 2027 pour la première période »)
            # (or "For Alpenrose Advisory AG: Annelies Gubler, Partner": a company's block labelled with a colon)
            # … or on the same line after a dash, for a company named with its legal form ("Vienna, 9 November 2019 — for Valtro
            # GmbH: …", walkthrough 13; not "Milestone, 30 June 2026 — for Phase Two: …")
            r"(?=\s{0,20}(?:/s/|By\s*:)|[ \t]*\n\s{0,20}(?-i:Pour\s|For\s+and\s+on\s+behalf|Signed\s+(?:for|by)\b|For\s+[A-Z][^\n:]{1,80}:)"
            r"|[ \t]*[—–][ \t]*(?-i:(?:[Ff]or|[Pp]our)\s+(?:la\s+société\s+)?[A-Z][^\n:]{0,80}?\b(?:GmbH|AG|SA|SAS|SARL|S\.A\.|Ltd|Limited|Inc|LLC|LLP|plc|BV|NV|SpA|Srl|AB|AS|Oy|KG|SE)\b\.?[^\n:]{0,20}:))",
            re.I | re.M,
        ),
        True,
    ),
)


_FRENCH_BLOCK_RULES = 3
# Rules whose date is a guess worth checking: a filter on the signature date lists the contract apart with the reason.
_MEDIUM_RULES = {"<place>, <date>": "a place and a date written above the signatures, with no word saying they are the signature's"}
_BLANK_SIGNATURE = re.compile(r"\b(?:fait|sign[ée]e?)\b[^.\n]{0,60}?\ble\s*(?:_{2,}|\.{4,}|…)|\b(?:signed|dated)\s+(?:on\s+)?(?:this\s+)?_{3,}", re.I)  # « Fait à …, le … » and its variants: the signature itself, read before the opening


def extract_signature_date(chunks: Sequence[ChunkInput]) -> Finding[date] | None:
    """The date the contract was signed (CUAD's "Agreement Date").

    In order: the French signature formula (« Fait à Paris, le 3 mars 2022 »), the date the opening
    gives the contract ("is made and entered into this 8th day of May 2014", "dated as of …",
    « conclu le … » — a date given as made or dated wins over one given as effective), the other
    signature formulas ("Signed on", "Date of signature", "In witness whereof … on"), then the
    latest "Date:" line of the signature blocks.
    """
    month_first = numeric_month_first(chunks)
    for index, (rule, pattern, take_last) in enumerate(_SIGNATURE_RULES):
        if index == _FRENCH_BLOCK_RULES:
            if any(_BLANK_SIGNATURE.search(chunk.text) for chunk in chunks[-3:]):
                return None  # « Fait à Annecy, le ____ »: the date was left blank, on purpose or not
            if opening := opening_date(chunks):
                return opening
        matches = [(chunk, m) for chunk in chunks for m in pattern.finditer(_filled_in(chunk.text))]
        for chunk, match in reversed(matches) if take_last else matches:
            if (value := read_date(match["date"], month_first=month_first)) is not None:
                doubt = _MEDIUM_RULES.get(rule, "")
                return Finding[date](value=value, chunk_id=chunk.id, raw=match.group(0).strip(), rule=rule, confidence="medium" if doubt else "high", doubt=doubt)
    return _signature_block_date(chunks) or _cover_date(chunks)


_OPENING_END = re.compile(
    r"\b(?:WHEREAS|RECITALS?|BACKGROUND|W\s?I\s?T\s?N\s?E\s?S\s?S\s?E\s?T\s?H|NOW,?\s+THEREFORE|PR[ÉE]AMBULE|IL\s+(?:A\s+[ÉE]T[ÉE]|EST)\s+"
    r"(?:PR[ÉE]ALABLEMENT\s+)?(?:EXPOS[ÉE]|CONVENU)|IN\s+WITNESS\s+WHEREOF|EN\s+FOI\s+DE\s+QUOI"  # a short contract's blocks follow its opening
    r"|(?:Signed|SIGNED|Executed|EXECUTED)\s+(?:for|by|as\s+a\s+deed)\b)"  # "Signed for and on behalf of …": a signature line
)
_MADE_CUE = re.compile(
    r"\b(?:made|entered(?:\s+into)?|enters?\s+into|executed|dated|signed|concluded|conclue?s?|sign[ée]e?s?|pass[ée]e?|en\s+date\s+du|fait)\b"
    # the parties agree then: "IT IS HEREBY AGREED, by and between the Parties, this 30th day of April 2015", "hereby agree as of …"
    r"|\bhereby\s+agreed?\b|\bagreed?\s+as\s+of\b",
    re.I,
)
# the contract itself is made then: "this Agreement is made this …", "made and entered into as of …"
_THIS_MADE_CUE = re.compile(
    r"\b(?:is|are|was|be|been|hereby)\s+(?:hereby\s+)?(?:made|entered|executed|dated|signed)\b|\b(?:made|entered(?:\s+into)?|executed|dated)\s+"
    r"(?:(?:and|&)\s+(?:entered\s+into|effective|executed)\s+)?(?:this|on|as\s+of|effective)\b|\best\s+conclue?\b|^\s*dated\b",
    re.I,
)
# a date given to another document ("the Supply Agreement dated April 1, 2017 between …"): an amendment cites its parent so
_CITED_CUE = re.compile(
    # (its defined name between: "pursuant to a Unit Agreement (the "Unit Agreement") dated as of …", "the Development Agreement
    # ("Development Agreement") entered into on …", « le contrat de prêt (le « Prêt ») en date du … »)
    r"\b(?:the|that\s+certain|said|an?|le|la|du|au|un|une)\s+(?!pr[ée]sente?\b)(?:[\w-]+\s+){0,6}?(?:agreement|contract|lease|licen[cs]e|contrat|bail|convention)"
    r"(?:\s+(?:de|du|des|d['’])\s*[\w-]+){0,3}\s*(?:\((?![^()]*[\"“«]\s*(?:Agreement|Contract|Contrat|Convention|Accord)\s*[\"”»])[^()]{1,80}\)\s*)?,?\s+(?:dated|entered\s+into(?:\s+on)?|du|en\s+date\s+du|sign[ée]\s+le)\s+(?:as\s+of\s+)?$"
    r"|\b(?:have|had|has|ont|avaient|avait)\s+(?:\w+\s+)?(?:signed|entered|executed|conclu|sign[ée])\b[^.;]{0,30}$"
    # "to that Software License Agreement, by and between Cardlytics, Inc. (…) and Bank of America, N.A. (…), dated …"
    r"|\b(?:that(?:\s+certain)?|the|said|an?)\s+(?:[\w,&-]+\s+){0,8}?(?:agreement|contract|lease|licen[cs]e)\s*,?\s+(?:(?:by\s+and\s+)?between|among)\b"
    r"[^;]{0,200}?\bdated\s+(?:as\s+of\s+)?$",
    re.I,
)
# "… which shall be effective for all purposes as of March 1, 2011, is entered into among …": the sentence makes the contract
_MADE_AFTER = re.compile(r"\s*,?\s*(?:is|are|was)\s+(?:hereby\s+)?(?:made|entered\s+into|executed)\b", re.I)
# The date after the parties' names and descriptions, further from the words that make the contract than the cue window:
# "This Agreement is entered into by and between Acme Inc., a Delaware corporation with offices at …, and Beta LLC, …, as of
# March 15, 2019", « Le présent contrat est conclu entre Acme SAS, société par actions simplifiée …, et Beta SARL, …, le 15 mars 2019 »;
# right after the last defined name: "… and Beta LLC ("Distributor") this 7th day of September, 1999"
_PARTIES_WINDOW = 600
_MADE_AFTER_PARTIES = re.compile(
    r"\b(?:(?:is|are|was|be|been)\s+(?:hereby\s+)?(?:made|entered\s+into|executed|concluded)|(?:est|a\s+été)\s+conclue?|enter(?:s)?\s+into)\b"
    r"[^;]*?\b(?:between|among|by|entre|par)\b[^;]*?,?\s+(?<!effective\s)(?<!expires\s)(?<!expire\s)(?<!ends\s)(?<!terminates\s)(?<!expirera\s)"
    # "The hire period starts on … and shall end on …": the start and the end, no date of signature (the review)
    r"(?<!starts\s)(?<!start\s)(?<!commences\s)(?<!commence\s)(?<!begins\s)(?<!begin\s)(?<!commencing\s)(?<!starting\s)(?<!beginning\s)"
    r"(?<!end\s)(?<!terminate\s)(?<!expiring\s)(?<!ending\s)(?<!fin\s)(?<!effet\s)(?<!débute\s)(?<!commencera\s)(?<!démarre\s)(?<!débutera\s)"
    r"(?<!termine\s)(?<!terminera\s)(?<!achève\s)(?<!achèvera\s)"
    r"(?:as\s+of|on|dated|le|en\s+date\s+du|(?<=\)\s)this)\s+(?:this\s+|the\s+)?$",  # "effective as of": the effective date; "expires on": the end
    re.I,
)
# A form filled in by hand keeps its lines around what was written: "made this _11th__ day of ___August____, 2015__",
# "as of this 9th day of December __, 1996"; without them the date reads as one (a line left empty leaves no date).
_FILLED_IN = re.compile(r"[ \t]*_{2,}[ \t]*")


# A word glued to the date after it by the conversion to text: "made and effective as of1 August 2019", "dated asofJanuary 5, 2011"
_GLUED = re.compile(
    r"\b(of|on|this|dated)(?=\d|(?:January|February|March|April|May|June|July|August|September|October|November|December)\b)"
)


def _filled_in(text: str) -> str:
    """``text`` without the lines around what a form's blanks were filled in with, and with a space between a
    word and the date glued to it (the offsets shift by a few characters)."""
    text = _GLUED.sub(r"\1 ", text)
    return re.sub(r"[ \t]+,", ",", _FILLED_IN.sub(" ", text)) if "__" in text else text


_EFFECTIVE_CUE = re.compile(r"\b(?:effective|prend\s+effet|entre\s+en\s+vigueur)\b", re.I)
_CUE_WINDOW = 70
_EFFECTIVE_DOUBT = "the date the contract takes effect; no date of signature is written"
_BLOCK_DOUBT = "the latest date of the signature blocks"
_CITED_WINDOW = 300  # "that certain Supply Agreement by and between X, a Delaware corporation, and Y …, dated …"
_ARTICLE = re.compile(r"\b(?:ARTICLE|Article|SECTION|Section)\s+(?:1|I|premier|PREMIER)\b|\b1\.\s+[A-Z]")  # the body has begun
_OPENING_DATE_CHARS = 5000


def _words_before(text: str, start: int, end: int) -> str:
    """The date as written with the words before it, up to :data:`_CUE_WINDOW` characters, starting at a
    word (« This English text is a courtesy translation … 2023 », never « glish text is … »): the
    value shown wherever a reader is told how a date was written."""
    first = max(0, start - _CUE_WINDOW)
    if first > 0 and text[first - 1].isalnum() and text[first].isalnum():
        space = re.search(r"\s", text[first:start])
        first = first + space.start() if space else start
    return text[first:end].strip()


def opening_date(chunks: Sequence[ChunkInput], *, effective_first: bool = False) -> Finding[date] | None:
    """The date the opening gives the contract, before its recitals: one written after "made",
    "entered into", "dated", « conclu », « en date du » first, else one after "effective"
    (``effective_first``: the other way round, for the start of the term)."""
    opening = opening_of(chunks, limit=_OPENING_DATE_CHARS)
    text = _filled_in(opening.text)  # chunk_at below only needs the chunk a date stands in, not its exact offset
    if end := _OPENING_END.search(text, 40):
        text = text[: end.start()]
    ranked: list[tuple[int, int, Finding[date]]] = []
    month_first = numeric_month_first(chunks)
    for order, mention in enumerate(find_dates(text)):
        before = text[max(0, mention.start - _CUE_WINDOW) : mention.start]
        raw = _words_before(text, mention.start, mention.end)
        if (value := read_date(mention.raw, month_first=month_first)) is None:
            continue
        finding = Finding[date](value=value, chunk_id=opening.chunk_at(mention.start), raw=raw, rule="opening")
        if _CITED_CUE.search(text[max(0, mention.start - _CITED_WINDOW) : mention.start]):
            rank = 3
        elif _THIS_MADE_CUE.search(before):
            rank = 0
        elif _MADE_CUE.search(before) or _MADE_AFTER.match(text, mention.end) or _MADE_AFTER_PARTIES.search(text[max(0, mention.start - _PARTIES_WINDOW) : mention.start]):
            rank = 1
        elif _EFFECTIVE_CUE.search(before) and not _ARTICLE.search(text, 0, mention.start):
            rank, finding = 2, finding.model_copy(update={"rule": "opening (effective)", "confidence": "medium", "doubt": _EFFECTIVE_DOUBT})
        else:
            continue
        if effective_first:
            rank = {2: 0, 0: 1, 1: 2}.get(rank, rank)
        ranked.append((rank, order, finding))
    best = min(ranked, key=lambda r: r[:2]) if ranked else None
    return best[2] if best is not None and best[0] < 3 else None


_COVER_CHARS = 600
_DATED_SHORT = re.compile(r"\b(?:Dated|DATED|Date|DATE|En date du|EN DATE DU)\s*:?\s*(?P<numeric>\d{1,2}/\d{1,2}/\d{2})(?![\d/])")
_FILING_FOOTER = re.compile(r"\bSource\s*:\s*[^,\n]{1,80},\s*[\w/ .()-]{1,20},\s*$")  # "Source: PARETEUM CORP, 8-K, "
_RUNNING_TEXT = re.compile(r"\b[a-zà-ÿ][\w'’-]*,?\s+[a-zà-ÿ][\w'’-]*,?\s+[a-zà-ÿ][\w'’-]*\b")  # three lower-case words in a row: a sentence has begun


# "Contract No. 017   Date: June 1, 1998": the label alone, after a number, a blank or the start — not "Expiration Date:", "Due
# Date:", a fax header's "From: legal department Date:"
_DATE_LABEL = re.compile(r"(?:^|(?<![^\W\d_])\s|[^\w\s]\s?)(?:Date|DATE|Dated|DATED|En date du|EN DATE DU)\s*:\s*$")
_OPENING_SENTENCE = re.compile(r"\b(?:made|entered|executed|agreed|between|entre|conclu\w*|WHEREAS|hereby)\b", re.I)


def _cover_date(chunks: Sequence[ChunkInput]) -> Finding[date] | None:
    """A date standing on the cover, among the title and the parties' names, before any sentence
    ("AGENCY AGREEMENT   May 25, 2016   Compass Point Research & Trading, LLC …", "Date: 12 March 2020"):
    the contract's date as its cover gives it, but nothing says it is the date of signature (low confidence)."""
    opening = opening_of(chunks, limit=_OPENING_DATE_CHARS)
    text = opening.text[:_COVER_CHARS]
    # "Dated 29/3/18": a numeric date with a two-digit year, which running text does not read as a date, is one after "Dated"
    dated = [DateMention(parse_date(m["numeric"]) or date.min, m["numeric"], m.start("numeric"), m.end("numeric")) for m in _DATED_SHORT.finditer(text)]
    for mention in sorted([*find_dates(text), *dated], key=lambda m: m.start):
        before = text[: mention.start]
        if _FILING_FOOTER.search(before[-80:]):
            continue  # "Source: PARETEUM CORP, 8-K, 10/1/2008": the filing's date, not the contract's
        if _CITED_CUE.search(before[-_CITED_WINDOW:]):
            return None
        if _RUNNING_TEXT.search(before) and not (_DATE_LABEL.search(before[-16:]) and not _OPENING_SENTENCE.search(before)):
            return None  # a sentence has begun — unless a "Date:" label of the letterhead names this one, before the contract is made
        value = read_date(mention.raw, month_first=numeric_month_first(chunks))
        if value is None:
            continue
        raw = _words_before(text, mention.start, mention.end)
        if _DEED_DATE.match(mention.raw):
            # a notarial deed opens with the day it is signed, the year first: « L'AN DEUX MILLE VINGT-DEUX, LE DIX-HUIT MAI, Par-devant
            # Maître … » (« Fait et passé … les jour, mois et an susdits »; walkthrough 22)
            return Finding[date](value=value, chunk_id=opening.chunk_at(mention.start), raw=raw, rule="deed date", confidence="high")
        return Finding[date](
            value=value, chunk_id=opening.chunk_at(mention.start), raw=raw, rule="cover date", confidence="low",
            doubt="a date written on the cover page; nothing says it is the date of signature",
        )
    return None


_DEED_DATE = re.compile(r"(?i)l['’]an\s+deux")


# A numeric date with a two- or four-digit year as signature blocks write it ("Date: 1/19/07", "5/17/12", "Date: 3-14-18"):
# read in the order the document's own numeric dates show (a day over 12 tells), else month first in an
# English contract and day first in a French one.
_NUMERIC = r"(?P<numeric>\d{1,2}(?P<separator>[/-])\d{1,2}(?P=separator)(?:\d{4}|\d{2}))(?![\d/-])"
_DATE_LINE = re.compile(rf"\bDate(?:d)?\s*:\s*(?:{DATE_GROUP}|{_NUMERIC})", re.I)
# … a date the blocks label otherwise ("Date" written under it): slashed only — a dashed number there is an order's or a part's
_BLOCK_DATE = re.compile(rf"(?<![\w/.-])(?:{DATE_GROUP}|{_NUMERIC.replace('[/-]', '/')})", re.I)
_WITNESS = re.compile(r"\bIN\s+WITNESS\s+WHEREOF\b|\bEN\s+FOI\s+DE\s+QUOI\b", re.I)
_BLOCK_CUE = re.compile(r"\b(?:By|Name|Title|Par|Nom|Qualit[ée])\s*:|/s/", re.I)
_BLOCK_CHARS = 1500
# What follows the blocks: an exhibit, a schedule (its forms have "By:" and "Date:" lines of their own)
# ("Exhibit 10.75", "EXHIBIT 99.1": the number a filing gives a whole material contract — 10.x, 99.x — not one of its exhibits;
# "Exhibit 2.1", "Schedule 1.1", « Annexe 2.1 » are the contract's own)
_ANNEX = re.compile(r"(?m)^\s*(?:EXHIBIT(?!\s+(?:10|99)\.\d{1,3}\b)|Exhibit(?!\s+(?:10|99)\.\d{1,3}\b)|SCHEDULE|ANNEX|APPENDIX|ANNEXE|Schedule|Annex|Appendix|Annexe)\b")
_LAYOUT_SPACES = re.compile(r"[ \t]{2,}")
_DATED_BEFORE = re.compile(r"\b(?:Date|Dated|Le)\s*:?\s*$")  # "Dated 5/17/12"
# "5/17/12  GENO AURIEMMA  Date": the label under the signature line, a line or a few words after the date (or further
# on the same line when only names and rules stand between: "9/9/97 - -------  ------  Galacticomm   Date") —
# not a defined date ("(the "Renewal Date")", "the Termination Date.")
_DATE_LABEL_AFTER = re.compile(
    r"^(?:[\s\S]{0,40}?|[^\n\d]{0,60}?)(?<!Effective )(?<!Expiry )(?<!Expiration )(?<!Termination )(?<!Renewal )(?<!Closing )(?<!Commencement )"
    r"(?<!Delivery )(?<!Payment )(?<!Due )(?<!Start )(?<!End )(?<![\"“])\bDate\b(?![\"”)’'.,;])"
)


def _signature_block_date(chunks: Sequence[ChunkInput]) -> Finding[date] | None:
    """The latest date of the signature blocks (the contract is signed when the last party signs):
    the "Date: …" lines of the last articles and of any article that holds blocks ("By:", "Name:",
    "Title:", "/s/" — a signature page may come first), not an exhibit's or a schedule's, else the dates
    the blocks after "IN WITNESS WHEREOF" label ("/s/ Geno Auriemma ⏎ 5/17/12 … ⏎ Date"), up to the
    exhibits."""
    month_first = numeric_month_first(chunks)
    found = [
        Finding[date](value=value, chunk_id=chunk.id, raw=match.group(0), rule="signature block date", confidence="medium", doubt=_BLOCK_DOUBT)
        for position, chunk in enumerate(chunks)
        if (position >= len(chunks) - 3 or len(_BLOCK_CUE.findall(chunk.text)) >= 2) and not _is_annex(position, chunk)
        for match in _DATE_LINE.finditer(_before_annex(chunk.text))
        if (value := _block_value(match, month_first)) is not None
    ]
    if not found:
        for chunk, region in _block_regions(chunks):
            found.extend(
                Finding[date](value=value, chunk_id=chunk.id, raw=match.group(0), rule="signature block date", confidence="medium", doubt=_BLOCK_DOUBT)
                for match in _BLOCK_DATE.finditer(region)
                if _labelled(region, match) and not _filing_date(region, match) and (value := _block_value(match, month_first)) is not None
            )
    return max(found, key=lambda f: f.value) if found else None


# The labels of a signature block laid out as a table, each under its value ("JOHN CECIL   Signature   Chairman   Title")
_BLOCK_LABEL = re.compile(r"(?:^|(?<=\s\s))(?:Signature|Name|Title|Date|Place|Its)(?=\s\s|\s*$)", re.M)


def _block_regions(chunks: Sequence[ChunkInput]) -> Iterator[tuple[ChunkInput, str]]:
    """The text of the signature blocks: what follows "IN WITNESS WHEREOF" (and the next two chunks), and
    any chunk laid out as blocks ("By:", "Name:", "/s/", labels under their values), up to an exhibit."""
    for index, chunk in enumerate(chunks):
        witnessed = False
        for witness in _WITNESS.finditer(chunk.text):
            region = _before_annex("\n".join([chunk.text[witness.end() :], *(c.text for c in chunks[index + 1 : index + 3])])[:_BLOCK_CHARS])
            if len(_BLOCK_CUE.findall(region)) >= 2:
                witnessed = True
                yield chunk, region
        if not witnessed and not _is_annex(index, chunk) and len(_BLOCK_CUE.findall(chunk.text)) + len(_BLOCK_LABEL.findall(chunk.text)) >= 2:
            yield chunk, _before_annex(chunk.text)


def _is_annex(position: int, chunk: ChunkInput) -> bool:
    """Is this chunk an exhibit or a schedule? The first chunk never is: it is the document's own title
    ("SCHEDULE TO MASTER SERVICES AGREEMENT")."""
    return position > 0 and bool(_ANNEX.match(chunk.section or ""))


def _before_annex(text: str) -> str:
    annex = _ANNEX.search(text, 1)
    return text[: annex.start()] if annex else text


def _labelled(region: str, match: re.Match[str]) -> bool:
    """Does the block label this date as one: "Dated 5/17/12", or the "Date" written under it? (A filing's
    footer, "Source: …, 10-Q, 8/9/2014", and "(the "Renewal Date")" are not.)"""
    after = _LAYOUT_SPACES.sub(" ", region[match.end() : match.end() + 240])  # a table's padding is no content
    return bool(_DATED_BEFORE.search(region, max(0, match.start() - 12), match.start()) or _DATE_LABEL_AFTER.match(after[:120]))


def _filing_date(text: str, match: re.Match[str]) -> bool:
    """Is the date the one of a filing's footer ("Source: BERKSHIRE HILLS BANCORP INC, 10-Q, 8/9/2012")?"""
    return bool(_FILING_FOOTER.search(text[max(0, match.start() - 80) : match.start()]))


def _block_value(match: re.Match[str], month_first: bool) -> date | None:
    numeric = match["numeric"] or (match["date"] if re.fullmatch(r"\d{1,2}/\d{1,2}/\d{4}", match["date"]) else None)
    if numeric is None:
        return parse_date(match["date"])
    return numeric_date(numeric, month_first)
