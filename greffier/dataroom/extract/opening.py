"""The parties named by a contract's opening, read from its structure, in French and English.

An opening lists the parties between a marker (« ENTRE LES SOUSSIGNÉS : », « Entre : », "BETWEEN:",
"by and between", "among", "PARTIES:") and the end of the list (« IL A ÉTÉ CONVENU », « PRÉAMBULE »,
"WHEREAS", "RECITALS", "agree as follows", "collectively the Parties"…). Each party is one piece of
that list, cut at the separators (« ET : », « D'UNE PART », "; and", "(2)", a defined name
« ci-après dénommée « le Bailleur » » / ``(the "Supplier")``), and its name is the head of the piece:
the capitalised words before the description (« , société par actions simplifiée… », ", a Delaware
corporation", "with offices at…", « représentée par M. … », "acting through…"). So the
representative, the address, the registry and the headings are never taken for a party.

Each party says how sure the reading is: ``high`` when an anchor stands by the name (a legal form —
SAS, Inc., Ltd, GmbH… —, a company number, SIREN or RCS registration, a corporate description such as
"a Delaware corporation" or « société à responsabilité limitée », or for a person a civility with
« né le », « demeurant », "an individual", "residing at"), ``medium`` when only a defined name does,
``low`` otherwise. Natural persons (a civility, « né le », "an individual") are marked ``person``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from greffier.dataroom.extract.text import ChunkInput
from greffier.dataroom.normalize import DATE_PATTERN, LEGAL_FORMS, MONTHS, entity_id, fold, normalize_siren
from greffier.dataroom.vocabulary import match_contract_type, match_law

OPENING_CHARS = 6000  # an opening longer than this is a table of contents or a recital, not a party list
_SEGMENT_CHARS = 3500

_MARKER = re.compile(
    r"(?i:\bby\s+and\s+(?:between|among)\b|\b(?:between|among)\b|\bentre\s+les\s+soussign\w*|\bentre\b|\bB\s?E\s?T\s?W\s?E\s?E\s?N\b)"
    # a one-sided act: « Le soussigné : Monsieur Jacques FERRAND … déclare se porter caution au profit de : … »
    r"|(?i:\b(?:le|la|les|je)\s+soussign[ée]e?s?\s*:)"
    # a notarial deed: « Par-devant Maître …, notaire, ONT COMPARU : Monsieur Yves LE GOFF … » (walkthrough 22)
    r"|(?i:\b(?:ont|a|sont|est)\s+comparue?s?)(?:\s*:|(?=\s+[A-ZÀ-Þ]))"
    r"|\bPARTIES\b|\bParties\s*:"
    # "is entered into by Netscape Communications Corporation …", "is made by Alpha Inc. (the "Licensor") and …"
    r"|(?i:\b(?:agreement|contract|amendment|addendum|lease|memorandum|undertaking|nda|instrument|letter|guarant(?:y|ee)|deed|licen[cs]e"
    r"|assignment|indemnity|pledge|release|waiver|consent)\b[^.;]{0,60}?"
    # (not through a list's own marker, nor a description's "limited by shares": walkthrough 23's "made on 12 January 2023 BETWEEN FRAMEWAVE
    # SOFTWARE LIMITED, a private company limited by shares …" lost its first party)
    r"\b(?:is|was|are|shall\s+be|has\s+been)\s+(?:hereby\s+)?(?:made\s+and\s+)?(?:entered\s+into|made|executed|concluded|given|granted)\b"
    r"(?:(?!\b(?:between|among)\b)[^.;]){0,120}?(?<!limited\s)(?<!owned\s)(?<!controlled\s)\bby)"
    r"(?=\s+(?!and\b|the\s+undersigned\b|(?:its|their|an?)\s)[A-Za-z0-9])"
    # « Le présent cautionnement est consenti par la société ALPHA HOLDING SAS … au profit de … »
    r"|(?i:\b(?:contrat|acte|cautionnement|engagement|convention|avenant|garantie|promesse)\b[^.;]{0,60}?"
    r"\b(?:est|a\s+[ée]t[ée])\s+(?:conclu|consenti|souscrit|[ée]tabli|sign[ée]|donn[ée])e?\s+par)(?=\s+\S)"
    # a letter agreement names the parties after its salutation: "Ladies and Gentlemen: Acme Bancorp, Inc. … hereby confirm …"
    r"|" + r"(?i:\b(?:ladies\s+and\s+gentlemen|gentlemen|dear\s+(?:sirs?|madam|sir\s+or\s+madam|sirs\s+and\s+madams)|mesdames,?\s+messieurs|madame,?\s+monsieur)\s*[:,])",
)
_BLOCK_END = re.compile(
    r"(?i:\bWHEREAS\b|\bW\s?I\s?T\s?N\s?E\s?S\s?S\s?E\s?T\s?H\b|\bRECITALS?\b|\bPREAMBLE\b|\bNOW,?\s+THEREFORE\b"
    r"|\bIT\s+IS\s+(?:HEREBY\s+)?(?:AGREED|AGREE)\b|\bagree\s+as\s+follows\b|\bhereby\s+agree\b"
    r"|\b(?:are|is)\s+(?:hereinafter\s+|herein\s+|sometimes\s+|each\s+|also\s+)*(?:collectively|individually|jointly|each|together|referred)\b"
    r"|\((?:each|individually|collectively|together)\b[^)]{0,40}\bpart(?:y|ies)\b|\beach\s+(?:a|an)\s+[\"“]"
    r"|\bpr[ée]ambule\b|\bil\s+(?:a\s+[ée]t[ée]|est)\s+(?:pr[ée]alablement\s+|pr[ée]alablement\s+)?(?:expos[ée]|convenu|rappel[ée]|arr[êe]t[ée])"
    r"|\bexpos[ée]\s+(?:des\s+motifs|pr[ée]alable)|\bceci\s+(?:expos[ée]|[ée]tant)|\b[ée]tant\s+pr[ée]alablement"
    r"|\bconsid[ée]rant\b|\battendu\s+que\b|\bensemble\s+(?:d[ée]nomm[ée]es?|les\s+parties)|\bci-apr[èe]s\s+(?:ensemble|collectivement)"
    r"|\blesquel(?:le)?s\s+ont[,\s]+(?:pr[ée]alablement|par\s+les\s+pr[ée]sentes)|\bles\s+parties\s+(?:sont|ont|conviennent)|\btable\s+of\s+contents\b|\btable\s+des\s+mati[èe]res\b|\bsommaire\b)"
    r"|\bBACKGROUND\b|\bARTICLE\s+(?:1|I|PREMIER)\b|\bArticle\s+(?:1|premier)\b|\bSECTION\s+1\b|\bAGREED\s+TERMS\b|\bTERMS\s+AGREED\b"
    # the first article's heading, numbered: "1. Purpose The Client engages …" (a list with no final stop ran into it)
    r"|(?<![\w.])1\s*[.)]\s+(?:Definitions?|Interpretation|Purpose|Object|Scope|Subject(?:\s+Matter)?|Appointment|Engagement|Services"
    r"|Objet|D[ée]finitions?|Interpr[ée]tation)\b"
    r"|(?<![\w.])Background(?=\s+(?:\(?[A1]\)|The|This)\b)",
)
# A defined name: ``(the "Supplier")``, ``("Acme")``, ``(hereinafter "X")``, « ci-après dénommée « le Bailleur » ».
_DEFINED = re.compile(
    r"\((?:[^()]|\([^()]*\))*?[\"“”«»](?:[^()]|\([^()]*\))*?\)"
    # … with its other names (« ci-après « le Prêteur » ou « la Banque », »: the next party's piece began with the second one,
    # and the borrower named after it was lost — walkthrough 24's three-party loan)
    r"|(?i:\b(?:ci-?apr[èe]s|ci-dessous|hereinafter|referred\s+to\s+(?:herein\s+)?as)\b)[^«\"“”]{0,40}?[«\"“][^»\"”]{1,60}[»\"”]"
    r"(?:\s*(?:,|(?i:ou|or|et|and))\s+(?:(?i:the|le|la|les)\s+)?[«\"“][^»\"”]{1,60}[»\"”])*"
    r"|(?<=\s)[\"“][A-Z][^\"”]{0,40}[\"”](?=[\s,.;])"
)
_ALIAS = re.compile(r"[«\"“]\s*(?:(?:le|la|les|the)\s+|l['’]\s*)?([^»\"”()]{1,60}?)\s*(?:[»\"”]|(?=\)))", re.I)
# Defined names that name the document, a date or a group, not a party.
_NOT_AN_ALIAS = re.compile(
    r"(?i)^(?:this\s+)?(?:agreement|contract|contrat|convention|accord|amendment|avenant|effective\s+date|date|term|parties|party|"
    r"partie|parties|dpa|nda|jsma|[ée]ch[ée]ance|date\s+d['’]effet|commencement\s+date|closing\s+date)$"
)
# Words that end a company's name after "and" / « et » / "&" and never stand alone as one (« AGENCE RIBEIRO ET FILS »,
# « Lazard Frères et Cie », "Dupont & Associés"), folded; the opening's split and the parties' joined names read the same list.
NAME_ENDINGS = frozenset("cie co company companies fils sons freres brothers associes associates partners".split())
_NAME_ENDING = "|".join(sorted((re.escape(word).replace("e", "[eéè]") for word in NAME_ENDINGS), key=len, reverse=True))
_CONNECTOR_SPLIT = re.compile(
    r"\s*;\s*(?:(?i:and|et)\s*:?\s+)?"
    r"|(?<=[,)»:”\"])\s*(?i:and|et)\s*:?\s+(?=[^\s])|(?<=\s[—–])\s*(?i:and|et)\s*:?\s+(?=[^\s])"
    r"|\s+(?:AND|ET|And|Et)\s*:\s*"
    r"|(?P<weak>\s+(?i:and|et|&)\s+)(?!(?i:Co\.?|Cie\.?)\s+(?:KGaA|KG|OHG)\b)"  # "CREMER OLEO GmbH & Co. KG" is one name
    # … and so are « AGENCE RIBEIRO ET FILS, … », « Lazard Frères et Cie », "Dupont & Associés": the word ends the name (not
    # "ACME LIMITED and PARTNERS GROUP AG")
    rf"(?!(?i:{_NAME_ENDING})\b\.?(?:[,;:)]|$))"
    r"|\s*(?i:\bd['’]une\s+part|\bd['’]autre\s+part|\bof\s+the\s+(?:one|other|first|second)\s+part|\ben\s+pr[ée]sence\s+de|\bin\s+the\s+presence\s+of"
    r"|\bon\s+the\s+(?:one|other)\s+(?:hand|side))\b\s*[:,;.]?\s*"
    # the beneficiary of a one-sided instrument: "by Alder Holdings Inc. (…), in favor of Birch Bank plc", « au profit de la BANQUE … »
    r"|\s*,?\s*(?i:\bin\s+fav(?:o|ou)r\s+of|(?<!itself\sand\s)(?<!themselves\sand\s)\bfor\s+the\s+benefit\s+of|\bau\s+profit\s+d[eu]|\ben\s+faveur\s+d[eu])\s*:?\s+"
    # … and the debtor whose debts a guarantee secures: « en garantie des engagements de la société X », "as security for the obligations of X"
    r"|\s*,?\s*(?i:\ben\s+garantie\s+des\s+(?:engagements|obligations|dettes|sommes\s+dues)\s+d[eu]|\bas\s+security\s+for\s+the\s+(?:obligations|liabilities|debts)\s+of)\s+"
    r"|\s*-\s*(?i:and|et)\s*-\s*"
    r"|\s*\(\s*(?:\d{1,2}|[ivx]{1,4}|[a-h])\s*\)\s+"
)
_ENUMERATION = re.compile(r"^(?:\d{1,2}[.)]|[a-h]\)|[IVX]{1,4}\.|[-–•*])\s+")
_CIVILITY = re.compile(r"^(?:M\.|MM\.|Mme|Mlle|Me|Maître|Monsieur|Madame|Mademoiselle|Mr\.?|Mrs\.?|Ms\.?|Miss|Dr\.?|Messrs\.?)\s+", re.I)
_ARTICLE = re.compile(r"^(?:(?:la|le|les|the)\s+(?:soci[ée]t[ée]\s+(?:d[ée]nomm[ée]e\s+)?|company\s+)?|l['’]\s*|soci[ée]t[ée]\s+(?:d[ée]nomm[ée]e\s+)?|and\s+|et\s+|:\s*)", re.I)
_NAME_CONNECTORS = frozenset("de du des d la le les l of and & et y von van der den di da the und zu".split())
_EXTRA_FORMS = frozenset(  # rl: "S.à r.l."; sp, z, oo: "Sp. z o.o."; jsc, pjsc, ooo…: Russian and Kazakh companies
    "co company corporation limited incorporated cie lp pte pvt kk bhd nv bv ab as oy sa/nv sl na rl sp z oo llp pllc pc kft sro ltda "
    "jsc ojsc pjsc cjsc ooo zao oao fsb".split()  # fsb: a US federal savings bank ("Wilmington Savings Fund Society, FSB")
)
_PERSON_HINT = re.compile(
    r"\b(?:n[ée]e?\s+le|demeurant|domicili[ée]e?\s+(?:à|au)|de\s+nationalit[ée]|an\s+individual|individually|residing|resident\s+(?:at|of|in)|born\s+on"
    r"|on\s+(?:his|her)\s+own\s+behalf)\b",
    re.I,
)
_CORPORATE = re.compile(
    r"\b(?:corporation|company|partnership|limited|llc|trust|association|bank|fund|soci[ée]t[ée]|entreprise|mutuelle|"
    r"[ée]tablissement|organi[sz]ed|incorporated|existing\s+under|registered\s+(?:office|with|in|under)|registered\s+address|"
    r"principal\s+(?:place|office)|offices?\s+at|si[èe]ge|capital|immatricul|inscrite?|registre|company\s+number)\b",
    re.I,
)
_IDENTIFIER = re.compile(
    r"(?:\b(?:siren|siret|rcs|r\.c\.s\.|company\s+(?:number|no\.?|registration)|registration\s+(?:number|no\.?)|"
    r"num[ée]ro|sous\s+le\s+n°|under\s+(?:number|no\.?)|che-|kvk|hrb|hra|bce)\b[^0-9]{0,40}?(?P<number>[0-9][0-9 .\u00a0-]{4,20}[0-9]))",
    re.I,
)
_PERSONAL_NUMBER = re.compile(
    r"s[ée]curit[ée]\s+sociale|social\s+security|national\s+insurance|passe?port|carte\s+(?:nationale\s+)?d['’]identit[ée]|identity\s+card|\bnir\b",
    re.I,
)
_LETTERED_REGISTER = re.compile(r"\b(?:che-|hrb|hra)", re.I)
_FRENCH_REGISTER = re.compile(r"\b(?:siren|siret|rcs|r\.c\.s\.|registre\s+du\s+commerce\s+et\s+des\s+soci[ée]t[ée]s)\b", re.I)
_FOREIGN_REGISTER = re.compile(r"\b(?:che-|uid|kvk|hrb|hra|bce|kbo|companies house|commercial register|handelsregister|registre du commerce du canton)", re.I)
_FRENCH_REGISTER_AROUND = re.compile(r"\b(?:siren|siret|rcs|r\.c\.s\.|registre\s+du\s+commerce\s+et\s+des\s+soci[ée]t[ée]s|trade\s+and\s+companies\s+register)\b", re.I)
_SIREN_NUMBER = re.compile(r"(\d{3}[ .\u00a0]?\d{3}[ .\u00a0]?\d{3})(?![ .\u00a0]?\d)")
# A company whose name starts with a number: "551 FX IB Associates, LLC" (not "575 Madison Avenue", nor a year before a name:
# "… April 2000 American Champion Media, Inc.").
_NUMBERED_COMPANY = (
    r"(?:[A-Z][\w&.'’-]*\s+){0,4}[A-Z][\w&.'’-]*,?\s+"
    r"(?:LLC|L\.L\.C\.|Inc\.?|Incorporated|Ltd\.?|Limited|Corp\.?|Corporation|LP|L\.P\.|LLP|plc|PLC|GmbH|AG|S\.A\.|SA|SAS|SARL|B\.V\.|N\.V\.)(?![\w])"
)
_NOT_A_NAME = re.compile(
    r"^(?:x{4,}|_{3,}|\[|(?:19|20)\d\d[\s,]|\d+[\s,](?!" + _NUMBERED_COMPANY + r")|(?:rue|avenue|boulevard|chemin|route|quai|place|all[ée]e|impasse|za|zi|zac|street|road|suite|p\.?\s?o\.?\s+box)\b)", re.I
)
_ROLE_WORDS = frozenset(
    "bailleur preneur fournisseur acheteur client prestataire distributeur franchiseur franchise franchisee franchisor licencie "
    "licencee licensee licensor concedant cedant cessionnaire emprunteur preteur salarie salariee employeur employee employer "
    "supplier distributor consultant controller processor agent mandant mandataire garant beneficiaire constituant investisseur "
    "investor fondateur manager destinataire partie parties party assureur assure locataire proprietaire vendeur seller buyer "
    "purchaser lender borrower tenant landlord contractor customer provider company societe corporation reseller licensor "
    "manufacturer developer owner executive talent sponsor vendor issuer adviser advisor trust we us you a b".split()
)


@dataclass
class OpeningParty:
    """One party of an opening: its name, what kind, how sure, and what stands by it."""

    name: str
    offset: int  # where its piece starts in the opening text
    raw: str
    kind: str = "company"  # "company", "person", or "blank" (a place the template leaves to fill in: no name)
    confidence: str = "low"
    defined_as: list[str] = field(default_factory=list)
    siren: str | None = None
    siren_warning: str | None = None  # the number written looks like a SIREN but fails its check
    identifier: str | None = None
    anchors: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Opening:
    """The opening text of a contract (its first chunks, whitespace collapsed) and where each chunk starts."""

    text: str
    starts: tuple[tuple[int, str], ...]

    def chunk_at(self, offset: int) -> str | None:
        found = None
        for start, chunk_id in self.starts:
            if start > offset:
                break
            found = chunk_id
        return found


_RULE_LINE = re.compile(r"[-=*]{3,}|(?<!_)_(?!_)")
_GLUED_ALIAS = re.compile(r"(?<=[^\W\d_]|\.)\((?=\s*(?:the\s+)?[\"“«])")  # 'Ludmila Smolyansky("Individual")': a space lost in the conversion
_FILL_IN = re.compile(r"_{2,}")  # a line to fill in stays as one mark, "___": a party left blank is still a party
_COVER = re.compile(r"^(?i:exhibit|annex|annexe|schedule|appendix)\s+[\w.()-]+\s+")


# A filing's legend above the contract ("***Confidential treatment requested pursuant to a request for confidential treatment filed
# with the Securities and Exchange Commission. Omitted portions have been filed separately with the Commission."): no party
FILING_LEGEND = re.compile(
    r"\**[ \t]*\b(?:confidential\s+treatment\s+(?:has\s+been\s+|was\s+)?requested|certain\s+(?:confidential\s+)?(?:information|portions)[^.\n]{0,80}?(?:omitted|redacted))"
    r"[^.\n]{0,300}?(?:securities\s+and\s+exchange\s+commission|the\s+commission)[^.\n]{0,80}(?:\.(?:[ \t]*omitted\s+portions[^.\n]{0,200}\.)?|(?=\n))",
    re.I,
)


# A line that is nothing but the heading of the party list ("Parties", "The Parties:", « Les parties »): lines are joined
# below, and "Parties Harrowgate Software Limited" read as one name (after a title, "Amendment No. 1 to …" gave "No. 1").
# Written in capitals it is the list's marker (:data:`_MARKER`'s "PARTIES").
_PARTIES_HEADING = re.compile(r"^[ \t#*]*(?:the\s+|les\s+)?parties[ \t*]*:?[ \t*]*$", re.IGNORECASE | re.MULTILINE)


# A heading line that is a party's role, its description below it ("THE INSURER\nASSURVIA EUROPE S.A., …", « LE BAILLEUR\nLa SCI … »):
# read as a form's label (« Insurer: ASSURVIA … », :data:`_ROLE_LABEL_SPLIT`) — walkthrough 31's liability policy read its title as a party
# The roles a party is headed or labelled by (case-insensitive)
ROLE_WORDS = (
    r"insurer|insured|policyholder|assured|lessor|lessee|landlord|tenant|licensor|licensee"
    r"|supplier|customer|client|buyer|seller|purchaser|vendor|contractor|borrower|lender|guarantor|beneficiary|employer|owner"
    r"|bailleur|preneur|assureur|assur[ée]|souscripteur|fournisseur|prestataire|client|acheteur|vendeur|pr[êe]teur|emprunteur|garant"
    r"|b[ée]n[ée]ficiaire|conc[ée]dant|licenci[ée]|franchiseur|franchis[ée]|mandant|mandataire"
)
# (two roles of one party, « SOUSCRIPTEUR ET ASSURÉ : », and a blank line before its name — walkthrough 33's policy read the heading as its party)
_ROLE_HEADING = re.compile(
    rf"^[ \t#*]*(?:the[ \t]+|le[ \t]+|la[ \t]+|l['’][ \t]*)?(?P<role>{ROLE_WORDS})(?:[ \t]+(?:et|and|&)[ \t]+(?:{ROLE_WORDS}))?"
    rf"[ \t*]*:?[ \t*]*\n(?:[ \t]*\n)*(?=[ \t*]*[A-ZÀ-Þ])",
    re.IGNORECASE | re.MULTILINE,
)
# … or a role in capitals that labels the party on its own line: « ASSUREUR : SOLVÉA ASSURANCES SA, … », "LICENSOR: CALIBAN SOFTWARE GMBH"
# (walkthrough 32: the policy's parties were its title's words)
_ROLE_LABEL = re.compile(
    rf"^[ \t#*]*(?:THE[ \t]+|LE[ \t]+|LA[ \t]+|L['’][ \t]*)?(?=[A-ZÀ-Þ]{{4}})(?P<role>(?i:{ROLE_WORDS}))[ \t]*:[ \t]*(?=[A-ZÀ-Þ])", re.MULTILINE,
)


def _as_role_label(match: re.Match[str]) -> str:
    """A role heading and its line's end as a form's label of the same length (the offsets stay the chunk's): "THE INSURER\n" →
    "    Insurer: ", "BAILLEUR\n" → "Bailleur:" (a bare heading has no room for a space — the review of the round)."""
    label = f"{match['role'].capitalize()}:"
    return " " * (len(match.group(0)) - len(label) - 1) + label + " " if len(label) < len(match.group(0)) else label


def opening_of(chunks: Sequence[ChunkInput], limit: int = OPENING_CHARS) -> Opening:
    parts: list[str] = []
    starts: list[tuple[int, str]] = []
    length = 0
    for chunk in chunks:
        if length >= limit:
            break
        marked = _PARTIES_HEADING.sub(lambda m: m.group(0).upper(), chunk.text)  # same length: the offsets stay the chunk's
        marked = _ROLE_LABEL.sub(_as_role_label, _ROLE_HEADING.sub(_as_role_label, marked))
        text = " ".join(_GLUED_ALIAS.sub(" (", _RULE_LINE.sub(" ", _FILL_IN.sub(" ___ ", FILING_LEGEND.sub(" ", marked)))).split())
        starts.append((length, chunk.id))
        parts.append(text)
        length += len(text) + 1
    return Opening(" ".join(parts)[:limit], tuple(starts))


def read_opening(chunks: Sequence[ChunkInput]) -> tuple[list[OpeningParty], Opening, int]:
    """The best-anchored party list of the opening (empty when none is found), the opening, and the most
    parties any of its lists leaves blank. A form often comes in two parts, a cover or a certificate that
    cites the agreement ("… by and among PJM Interconnection, L.L.C. and the PJM Transmission Owner") and
    the agreement itself ("by and between PJM … and _____, the Undersigned Transmission Owner"): a blank
    in either says the document is a template, whichever list is read."""
    opening = opening_of(chunks)
    best, most_blank = _best_list(opening)
    if not best and _CONTENTS.search(opening.text) and (after := _after_contents(chunks, opening)) is not None:
        later, later_blank = _best_list(after)  # a table of contents longer than the opening: the preamble comes after it
        if len([p for p in later if p.kind != "blank"]) >= 2 or later_blank:
            return later, after, later_blank
    return best, opening, most_blank


# A table of contents: its heading, or the numbered headings it lists ("Section 1.01 Defined Terms 1 Section 1.02 …").
_CONTENTS = re.compile(r"(?i:\btable\s+of\s+contents\b|\btable\s+des\s+mati[èe]res\b|\bsommaire\b)|(?:\b(?:Section|SECTION|ARTICLE|Article)\s+[\dIVX]+(?:\.\d+)*\b.{0,120}?){8}")
_CONTENTS_CHARS = 80_000  # how far a preamble is looked for after a table of contents


def _after_contents(chunks: Sequence[ChunkInput], opening: Opening) -> Opening | None:
    """The opening that starts a little before the first marker of a party list after the first opening ("This CREDIT AGREEMENT is
    entered into … among …"), within the first characters of the document; ``None`` when no marker follows."""
    seen = 0
    for index, chunk in enumerate(chunks):
        seen += len(chunk.text)
        if seen <= len(opening.text) + 1:
            continue  # still inside the first opening
        if seen > _CONTENTS_CHARS:
            return None
        if _MARKER.search(" ".join(chunk.text.split())):
            later = opening_of(chunks[index:])
            for marker in _MARKER.finditer(later.text[:_SEGMENT_CHARS]):
                if _PREAMBLE_SENTENCE.search(later.text[max(0, marker.start() - _BEFORE_MARKER) : marker.end()]):
                    cut = max(0, marker.start() - _BEFORE_MARKER)
                    return Opening(later.text[cut:], tuple((max(0, start - cut), chunk_id) for start, chunk_id in later.starts))
    return None


# The sentence that makes the contract, up to its list's marker: "This CREDIT AGREEMENT is entered into as of May 1, 2015 among",
# « Le présent contrat est conclu entre » — not a clause that cites another agreement "between" others.
_PREAMBLE_SENTENCE = re.compile(
    r"(?:\b(?:This|THIS)\b|\b(?:Le|LE|La|LA)\s+(?:pr[ée]sente?|PR[ÉE]SENTE?)\b)(?:(?![.;]\s).){0,250}$|(?i:\bentre\s+les\s+soussign\w*)$|\bBETWEEN$"
)


_BEFORE_MARKER = 300  # the title and the date a preamble writes before its marker ("This CREDIT AGREEMENT … among")


def _best_list(opening: Opening) -> tuple[list[OpeningParty], int]:
    """The best-anchored party list of ``opening`` and the most parties any of its lists leaves blank."""
    starts = _segment_starts(opening.text)
    lists = {start: parse_segment(opening.text, start) for start in starts}
    most_blank = max((len([p for p in parties if p.kind == "blank"]) for parties in lists.values()), default=0)
    best: list[OpeningParty] = []
    best_score = 0
    for start in [*starts[1:], 0]:  # a list after a marker first; the very start last
        parties = lists[start]
        score = sum({"high": 3, "medium": 2}.get(p.confidence, 0) for p in parties)
        confident = len([p for p in parties if p.confidence != "low" and p.kind != "blank"])
        slots = confident + len([p for p in parties if p.kind == "blank"])  # a party left blank ("and ______, a … corporation") is a party
        if confident and score + 10 * (slots >= 2) > best_score:  # two parties or more before a lone one
            best, best_score = parties, score + 10 * (slots >= 2)
            if start and slots >= 2:
                best = _preamble_list(opening.text, start, starts, lists) or best
                break
    return best, most_blank


_TITLE_TO_PREAMBLE = 1500  # a title's "… Agreement Between A and B", then the sentence that makes the contract


def _preamble_list(text: str, start: int, starts: list[int], lists: dict[int, list[OpeningParty]]) -> list[OpeningParty] | None:
    """A title's list ("Corporate Sponsorship Agreement Between American Diabetes Association and Freeze Tag, Inc.") gives way to
    the list of the sentence that makes the contract right after it ("This Agreement … is made … by and between Freeze Tag Inc., a
    Delaware Corporation ("Company"), … and the American Diabetes Association, Inc."), which the title's list runs into."""
    if _PREAMBLE_SENTENCE.search(text[max(0, start - _BEFORE_MARKER) : start]):
        return None  # the first list is the preamble's own
    titled = [entity_id(p.name) for p in lists[start] if p.kind != "blank"]
    for later in starts:
        if start < later <= start + _TITLE_TO_PREAMBLE and _PREAMBLE_SENTENCE.search(text[max(start, later - _BEFORE_MARKER) : later]):
            parties = lists[later]
            named = [entity_id(p.name) for p in parties if p.kind != "blank" and p.confidence != "low"]
            # the same parties, written out: each of the preamble's names is in the title's list (not a cited contract's parties)
            same = all(any(key and key in title for title in titled) for key in named)
            return parties if len(named) >= 2 and same else None
    return None


def _segment_starts(text: str) -> list[int]:
    """Where a party list may start: after each marker, and at the very start (an opening may name the
    parties first: "Synchron, a California corporation (…), and Rare Element Resources Ltd. …")."""
    starts = [0]
    for match in _MARKER.finditer(text):
        starts.append(match.end())
        if len(starts) > 8:
            break
    for match in _PREAMBLE_HEADING.finditer(text[:_SEGMENT_CHARS]):
        sentence = text[match.end() : match.end() + sentence_end(text[match.end() : match.end() + _SEGMENT_CHARS])]
        if _PARTIES_CONCLUDE.search(sentence) and not _MARKER.search(sentence):
            starts.append(match.end())  # "PREAMBLE JSC Steppe Oil, hereinafter … on the one side, and … have concluded this Contract"
    return sorted(set(starts))


# A heading after which the parties are the subject of the sentence that makes the contract: "PREAMBLE JSC Steppe Oil,
# hereinafter referred to as the "Company", …, on the one side, and LLP Taraz Transit, …, on the other side, have concluded this
# Contract as follows", « PRÉAMBULE La société X …, d'une part, et la société Y …, d'autre part, ont convenu ce qui suit ».
_PREAMBLE_HEADING = re.compile(r"\b(?:PREAMBLE|PR[ÉE]AMBULE|Preamble|Préambule)\b\s*:?")
_PARTIES_CONCLUDE = re.compile(
    r"(?i)\b(?:have|hereby)\s+(?:concluded|entered\s+into|agreed|executed|made)\b|\bagree\s+as\s+follows\b"
    r"|\bont\s+(?:conclu|convenu|arr[êe]t[ée]|sign[ée])\b|\bsont\s+convenu"
)


# After a parenthesis that groups some parties, the list goes on: "… ("Purchaser II) (Purchaser I and Purchaser II are
# collectively referred to herein as "Purchasers"), and Fuqua Enterprises, Inc., a Delaware corporation ("Parent")."
_LIST_GOES_ON = re.compile(r"\)\s*,?\s*(?:and|et)\s+(?:\(\w{1,3}\)\s*)?[A-Z0-9]")


def _list_end(segment: str) -> int | None:
    """Where the party list of ``segment`` ends: at the first end marker, unless that marker stands inside a
    parenthesis after which the list goes on with another party."""
    for match in _BLOCK_END.finditer(segment):
        before = segment[: match.start()]
        if before.count("(") > before.count(")"):
            close = segment.find(")", match.end())
            if close != -1 and _LIST_GOES_ON.match(segment, close):
                continue
        if (group := _GROUP_ALIAS.match(segment, match.start())) and not _NOT_AN_ALIAS.match(group["alias"]) and _GROUP_GOES_ON.match(segment, group.end()):
            continue  # « ci-après ensemble « les Cédants », D'UNE PART, ET : La société … »: some parties named together, then the others
        return match.start()
    return None


# Some parties given one name before the list goes on: « M. Paul Girard …, Mme Anne Girard …, ci-après ensemble « les Cédants »,
# D'UNE PART, ET : … »
_GROUP_ALIAS = re.compile(
    r"(?i:ci-apr[èe]s\s+(?:ensemble|collectivement)\s+(?:d[ée]nomm[ée]e?s\s+|d[ée]sign[ée]e?s\s+)?)[«\"“]\s*(?:les\s+|the\s+)?(?P<alias>[^»\"”]{1,40}?)\s*[»\"”]"
    # « … et individuellement « un Cédant » », « … et chacun un « Cédant » » (walkthrough 33: the buyer after it was lost)
    r"(?:\s*,?\s*(?i:et)\s+(?i:individuellement|chacun|chacune|s[ée]par[ée]ment)\s+(?i:d[ée]nomm[ée]e?s?\s+|d[ée]sign[ée]e?s?\s+)?"
    r"(?i:un|une|le|la|l['’])?\s*[«\"“][^»\"”]{1,40}[»\"”])?"
)
_GROUP_GOES_ON = re.compile(
    # (« DE PREMIÈRE PART, ET » as well: walkthrough 35's share purchase lost its buyer)
    r"\s*,?\s*(?:(?i:d['’]une\s+part|de\s+premi[èe]re\s+part|of\s+the\s+(?:one|first)\s+part|on\s+the\s+one\s+(?:hand|side))\s*,?\s*)?(?:ET|Et|et|AND|And|and)\s*:?\s+"
    r"(?:\(\w{1,3}\)\s*)?(?:(?i:la\s+soci[ée]t[ée]|the|la|le|l['’])\s*)?[A-Z0-9ÀÂÉÈÊÎÔÛ]"
)


def parse_segment(text: str, start: int) -> list[OpeningParty]:
    """The parties listed from ``start``: the pieces between separators, each named by its head. The
    list ends at an end marker or at the end of its sentence; a piece without a name continues the
    description of the party before it (", a Nevada corporation", ", an individual")."""
    segment = text[start : start + _SEGMENT_CHARS]
    if (end := _list_end(segment)) is not None:
        segment = segment[:end]
    segment = segment[: _list_sentence_end(segment)]
    segment = _AFFILIATES.sub(lambda m: " " * len(m.group(0)), segment)  # "Acme, LLC and its Affiliates, a Delaware …": Acme is the party
    segment = _NAMED_AFFILIATES.sub(lambda m: m.group(0)[: m.start("names") - m.start()] + " " * len(m.group("names")), segment)
    parties: list[OpeningParty] = []
    tails: list[str] = []
    aliases = {w for m in _DEFINED.finditer(segment) if (a := _alias(m.group(0))) for w in re.findall(r"[a-z0-9]+", fold(a))}
    prior = _prior_definitions(text[max(0, start - _SEGMENT_CHARS) : start])
    for offset, piece in _pieces(segment):
        for part_offset, part in _name_list(piece):
            blank = _blank_slot(part)
            party = None if blank else _party_of(part, start + offset + part_offset, parties, aliases)
            if party is None and not blank and (trailing := _trailing_company(part)):
                # "…, guaranteed by Acme Holdings Inc. ("Guarantor")", "… confirm their agreement with Keefe, Bruyette & Woods, Inc. ("KBW")"
                party = _party_of(part[trailing:], start + offset + part_offset + trailing, parties, aliases)
            if party is not None and party.confidence == "low" and (full := _named_by_alias(party.name, prior)):
                # "… and ACM.": a party named by the defined name the opening gave it before the list
                party.name, party.confidence, party.defined_as = full, "medium", [*party.defined_as, party.name]
            if blank:
                party = OpeningParty(name="", offset=start + offset + part_offset, raw=blank, kind="blank")
            if party is not None:
                parties.append(party)
                tails.append("")
            elif parties:
                tails[-1] += part
    for party, tail in zip(parties, tails):
        if tail and party.confidence != "high" and party.kind != "blank":
            _anchor(party, tail)
        if tail and party.kind == "company" and _PERSON_HINT.search(tail[:120]) and not any(is_legal_form(w.rstrip(",")) for w in party.name.split()):
            party.kind = "person"  # 'Maria Kowalska ("Individual") on her own behalf with an address of …': told after the defined name
    parties += _numbered_companies(segment, start, parties)
    parties += _described_names(segment, start, parties)
    parties = [split for party in parties for split in _two_names(party)]
    return [*_merge_repeats([p for p in parties if p.kind != "blank"]), *(p for p in parties if p.kind == "blank")]


# A party's affiliates written with it, never a party of their own: "Sekisui Diagnostics, LLC and its Affiliates, a Delaware …",
# "("Allscripts") on behalf of itself and its Affiliates and Phreesia, Inc.", « Acme SAS et ses filiales »
_AFFILIATES = re.compile(
    r"(?:\s*,?\s*\b(?:(?:on\s+behalf\s+of|for)\s+(?:itself|themselves)\s+and\s+(?:(?:on\s+behalf\s+of|for\s+the\s+benefit\s+of|for)\s+)?|(?i:and|et)\s+)(?:all\s+(?:of\s+)?)?"
    r"(?i:its|their|ses|leurs)\s+(?:respective\s+)?(?i:affiliates|subsidiaries|affiliated\s+companies|filiales|soci[ée]t[ée]s\s+affili[ée]es)"
    r"(?:\s+and\s+related\s+companies)?\b)(?=\s*(?:[,;(]|and\b|et\b|$))"
)


# … and the affiliates it names, for whom it acts: "acting for itself and on behalf of its Affiliates ESGL Lyon SAS and Ingénia
# Nantes SAS ("Customer")", « agissant tant pour son compte que pour celui de ses filiales ESGL Lyon SAS et Ingénia Nantes SAS, ci-après
# « le Client » » — the group signs, the defined name is its own (walkthrough 32: the affiliate read as a party, the amendment
# signed by the group no longer attached)
_NAMED_AFFILIATES = re.compile(
    r"(?i:its|their|ses|leurs)\s+(?:respective\s+)?(?i:affiliates|subsidiaries|filiales|soci[ée]t[ée]s\s+affili[ée]es)(?:\s*:)?\s+"
    # (right after it, a capital first: not ", and BETA CONSULTING SARL", the next party — the review of the round)
    # (a name's particles too: "Carrières du Clain SAS, Bétons RBO SAS and Sablières de l'Estuaire SAS" — walkthrough 35's last affiliate
    # was read as the customer)
    r"(?P<names>[A-ZÀ-Ý][\w'’.&-]*(?:(?:\s+|,\s*)(?:[A-ZÀ-Ý][\w'’.&-]*|and|et|&|du|de|des|la|le|les|of|the|[ld]['’][A-ZÀ-Ý][\w'’.&-]*)){0,20}(?<=[\w.]))"
    r"(?=\s*(?:\(|,?\s*\n|,?\s*$|,\s*(?i:ci-apr[èe]s|hereinafter)))"
)


_TWO_NAMES = re.compile(r"^(?P<a>(?:[A-Z][\w'’.-]+\s+){1,2}[A-Z][\w'’-]+)\s+(?:and|AND|et|ET)\s+(?P<b>(?:[A-Z][\w'’.-]+\s+){1,2}[A-Z][\w'’-]+)$")


_ORGANISATION_NOUNS = frozenset(
    "association bank banque company corporation trust fund fonds group groupe partners partenaires society societe institute institut "
    "foundation fondation federation union cooperative mutuelle caisse".split()
)


def _two_names(party: OpeningParty) -> list[OpeningParty]:
    """"SIMANTOV MOSKONA and SERGIO LUCIANI", « Jean Martin et Claire Petit »: two people (or two names of two words or
    more, none with a legal form) joined by "and" are two parties; "Johnson and Johnson" and "Procter and Gamble Company" stay one."""
    match = _TWO_NAMES.match(party.name)
    if match is None or any(is_legal_form(w) for w in party.name.split()) or re.search(r"(?i)\b(?:of|de|du|des)\b", party.name):
        return [party]
    if fold(match["b"].split()[-1]) in _ORGANISATION_NOUNS and fold(match["a"].split()[-1]) not in _ORGANISATION_NOUNS:
        return [party]  # "Amsterdam Federal Savings and Loan Association", « Crédit Mutuel Agricole et Rural Banque »: one organisation
    return [replace(party, name=match[side], defined_as=list(party.defined_as), anchors=list(party.anchors)) for side in ("a", "b")]


# A company's number in parentheses right after its name: "ORB FLEET LIMITED (company no 5522108)", « (RCS Lyon 954 321 098) »
_NUMBER_AFTER = re.compile(r"\(\s*(?i:(?:company|registered|registration)\s+(?:no\.?|number|n°)|RCS\b|SIREN\b)")


# Where a row of a table of parties starts, read as text: the start, a line break, a list's "(2)", the short name of the row's
# first column ("… KT10 9PN  SEV ⏎ SEV GROUP LIMITED"), the postcode that ends the row before, or the date of an English deed's
# cover ("DATED 13 October 2005  DCL ⏎ DAIRY CREST LIMITED (Company no …)")
_ROW_START = re.compile(r"(?:^|\n\s*|\b[A-Z]{2,5}\s+|\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\s+|\b(?:19|20)\d{2}\s+|\(\d\)\s+)$")


def _already_named(key: str, known: set[str]) -> bool:
    """Whether a party whose name's key is ``key`` is already read: the same key, or one holding the other's words."""
    return any(key == k or f"_{key}_" in f"_{k}_" or f"_{k}_" in f"_{key}_" for k in known)


def _numbered_companies(segment: str, start: int, parties: list[OpeningParty]) -> list[OpeningParty]:
    """Companies of the list named with their number that its pieces missed, no separator before them: a table of parties
    read as text ("KLT ⏎ KESTREL … LIMITED (Company no 3120457) whose registered office is at …, Woking GU21 4BX ORB ⏎ ORB
    ORBITAL FLEET LIMITED (company no 5522108) …")."""
    known = {entity_id(p.name) for p in parties if p.name}
    found: list[OpeningParty] = []
    for number in _NUMBER_AFTER.finditer(segment):
        before = segment[max(0, number.start() - 200) : number.start()].rstrip()
        if (begin := company_at_end(before)) is None or (head := name_head(before[begin:])) is None or head[1].strip():
            continue
        if not _ROW_START.search(before[:begin]):
            continue  # mid-sentence: "represented by its president GESTION ALPHA SAS (RCS …)", "formerly known as …", "c/o KPMG LLP (…)"
        if re.search(r"(?i)\b(?:of|by|to|for|de|du|par|as|is|c/o|soci[ée]t[ée])\s*$", before[:begin]):
            continue  # "a subsidiary of Parent Holdings Limited (company no …)", "guaranteed by …": not a party of its own
        name = head[0]
        if len(words := name.split()) > 2 and words[0] == words[1] and words[0].isupper() and len(words[0]) <= 5:
            name = " ".join(words[1:])  # "SEV ⏎ SEV GROUP LIMITED": the row's short name, then the company's
        key = entity_id(name)
        if key and not _already_named(key, known):
            known.add(key)
            offset = start + number.start() - len(before) + begin
            found.append(OpeningParty(name=name, offset=offset, raw=before[begin:] + " " + number.group(0), confidence="high", anchors=["company number"]))
    return found


# A name described as a company right after it: "Synchron, a California corporation", "Acme Ltd, a company incorporated in England".
_DESCRIBED_NAME = re.compile(
    r"(?<![\w.!'’-])(?P<name>(?:[A-Z0-9&][\w&'’.!-]*,?\s+|(?:of|and|the|de|du|des)\s+){0,8}?[A-Z0-9][\w&'’.!-]*),\s+an?\s+(?:[A-Z][\w.-]*\s+|(?:national|state|federal|statutory|business|banking|savings|commercial|"
    r"non-?profit|not-for-profit|public|private|mutual|stock|joint[\s-]stock|insurance|benefit|professional|exempted|chartered|state-chartered)\s+){0,4}"
    r"(?i:corporation|company|limited\s+(?:liability\s+company|partnership|company)|partnership|bank|trust|association)\b"  # "a Pennsylvania Corporation"
)


def _described_names(segment: str, start: int, parties: list[OpeningParty]) -> list[OpeningParty]:
    """Companies of the list that its pieces missed, found by the description that follows each name (a
    cover page's words before the preamble hide "INTELLECTUAL PROPERTY RIGHTS AGREEMENT Synchron, a
    California corporation")."""
    known = {entity_id(p.name) for p in parties if p.name}
    found: list[OpeningParty] = []
    for match in _DESCRIBED_NAME.finditer(segment):
        if re.search(r"\b(?:the|undersigned|said|such|each|any|an?)\s+$", segment[max(0, match.start() - 20) : match.start()]):
            continue  # "the undersigned Potential Acquiree, a Delaware corporation": a role described, not a name
        if _REPRESENTATIVE_BEFORE.search(segment[max(0, match.start() - 80) : match.start()]) or re.search(
            r"(?i)\b(?:general\s+partner|manager|agent|trustee|mandataire|représentant)\s*,?\s*$", segment[max(0, match.start() - 30) : match.start()]
        ):
            continue  # "acting by its general partner, Harbor GP Holdings, a Delaware limited liability company": it acts for a party
        head = name_head(match["name"])
        if head is None or head[1].strip(" ,") or all(is_legal_form(w) for w in head[0].split()):
            continue
        key = entity_id(head[0])
        if not key or _already_named(key, known):
            continue
        known.add(key)
        found.append(OpeningParty(name=head[0], offset=start + match.start("name"), raw=match.group(0), confidence="high", anchors=["corporate description"]))
    return found


# A party's place left blank in a template: "___", "……", "[company name]", "<Company name>", "(Enter Business Name)".
def _blank_slot(part: str) -> str | None:
    """The blank a party's place starts with ("ET : [raison sociale], …", "and ______, a … corporation (the
    "Company")", « Monsieur ………, demeurant ……… »), if any: a blank that says it holds a name, or one that
    a defined name or a description follows ("…, [insert address]." after a named party is no party)."""
    text = part
    while (stripped := _ENUMERATION.sub("", _ARTICLE.sub("", text.strip(" ,;:"), count=1)).strip(" ,;:")) != text:
        text = stripped
    text = _CIVILITY.sub("", text)
    if (match := _BLANK_SLOT.match(text)) is None or _NOT_A_BLANK.search(match.group(0)):
        return None
    if _NAMED_BLANK.search(match.group(0)) or _DEFINED.search(part) or _CORPORATE.search(part) or _PERSON_HINT.search(part):
        return match.group(0)
    return None


_BLANK_SLOT = re.compile(r"^(?:_{3}|\.{4,}|…+|\[[^\]]{0,60}\]|<[^>]{1,60}>|\((?:enter|insert|name|nom|raison sociale)\b[^)]{0,60}\))", re.I)
_NOT_A_BLANK = re.compile(r"(?i)\b(?:logo|seal|signature|page|exhibit|annex|schedule|confidential\w*|treatment|redacted|omitted)\b|\*")
# A blank that says a name goes there: "[company name]", "<Company name>", « [raison sociale] », "(Enter Name of Recipient)", "[●]".
_NAMED_BLANK = re.compile(
    r"(?i)\b(?:name|nom|company|soci[ée]t[ée]|raison|d[ée]nomination|party|partie|recipient|contractor|client|customer|vendor|supplier|entity|entit[ée])\b"
    r"|\[\s*(?:●|•|\s*)\]|^\((?:enter|insert)"
)


# A company name that ends a piece, right before the defined name given to it: "… with Keefe Bruyette & Woods, Inc. ("KBW")".
_ALIAS_AT_END = re.compile(r"(?:\s+and\s+its\s+(?:affiliates|subsidiaries))?\s*\((?:[^()]|\([^()]*\))*?[\"“«](?:[^()]|\([^()]*\))*?\)\s*[,;.]?\s*$")
# Who acts for a party is no party: "acting through its managing agent X", « représentée par son mandataire la société X ».
_REPRESENTATIVE_BEFORE = re.compile(
    r"(?i)(?:\bacting\s+(?:through|by)|\brepresented\s+by|\brepr[ée]sent[ée]e?s?\s+par|\bby\s+its|\bthrough\s+its|\bc/o|\bcare\s+of"
    r"|\bits\s+(?:[\w-]+\s+){0,2}(?:agent|partner|manager|adviser|advisor|trustee|attorney|representative)|\bmandataire)\b[^,;()]{0,60}$"
)
_COMPANY_WORD_LIMIT = 10
# … and a person named as the representative, the words of the piece after it (a title, no defined name): the next person joined
# by « et » / "and" represents the same party
_CO_REPRESENTATIVE = re.compile(
    r"(?:M\.|Mme|Mr\.?|Mrs\.?|Ms\.?|Monsieur|Madame|Dr\.?)\s+(?:[A-ZÀ-Þ][\w'’.-]*(?:\s+|(?=,))){1,4}?,?\s*(?:son\s+|sa\s+|its\s+|their\s+|en\s+qualit[ée]\s+de\s+)?"
    r"(?i:pr[ée]sidente?|directeur|directrice|g[ée]rante?|administrat(?:eur|rice)|secr[ée]taire|membre\s+du\s+directoire|director|manager|president"
    r"|secretary|chief\s+\w+\s+officer|ceo|cfo|coo|authori[sz]ed\s+signatory|fond[ée]\s+de\s+pouvoirs?|mandataire\s+social)\b"
    r"(?![^,;()]{0,80}\b(?i:demeurant|n[ée]e?\s+le|domicili\w*|residing|ci-apr[èe]s|hereinafter)\b)"
)  # … a person with an office of the company, not one living somewhere or given a defined name: a party of her own
_REPRESENTED_BY = re.compile(r"(?i)\b(?:represented\s+by|repr[ée]sent[ée]e?s?\s+par|acting\s+through)\s+(?:M\.|Mme|Mr\.?|Mrs\.?|Ms\.?|Monsieur|Madame|Dr\.?)\s[^;()«»\"“”]{0,120}$")


def company_at_end(text: str) -> int | None:
    """Where a company named with its legal form starts when it ends ``text`` ("… Suite 100, Westlake, TX
    76262 and DoctorDirectory.com, Inc." → the offset of "DoctorDirectory.com"), walking back from the
    legal form over the words of a name; ``None`` when ``text`` does not end with one. A comma is crossed
    only before a legal form ("Acme, Inc."); an address, a lower-case word, "and", a sentence's end or a
    signatory's title ("Vice President APOLLO CAPITAL MANAGEMENT, L.P.") stop the walk."""
    tokens = list(_TOKEN.finditer(text.rstrip()))
    last = tokens[-1].group(0).rstrip(",.") if tokens else ""
    if len(tokens) < 2 or not (last[:1].isupper() or last == "plc") or not is_legal_form(last):  # "Birch Bank plc"
        return None
    first = len(tokens) - 1
    while first > 0 and len(tokens) - first < _COMPANY_WORD_LIMIT:
        word = tokens[first - 1].group(0)
        core = word.rstrip(",")
        folded = fold(core).strip(".")
        if word.endswith(",") and not is_legal_form(tokens[first].group(0).rstrip(",.")):
            break
        if core.endswith(".") and not is_legal_form(core) and not re.fullmatch(r"(?:[A-Z]\.)+|[A-Z][a-z]?\.", core):
            break  # "Agreement. ACME INC.": a sentence ends before the name
        if folded in ("of", "de", "du", "des", "&", "the"):
            first -= 1
            continue
        if re.search(r"\d", core) and not re.match(r"[A-Za-z]", core):
            break  # "76262", "100": an address
        if not (core[:1].isupper() or re.match(r"[a-z]+[A-Z0-9]", core)) or (folded in _SIGNATORY_TITLES and not core.isupper()):
            break  # "Vice President APOLLO CAPITAL …" stops at the title; "BRG MANAGER, LLC" is a name
        first -= 1
    while first < len(tokens) - 1 and fold(tokens[first].group(0)).strip(".,") in ("of", "de", "du", "des", "&", "the"):
        first += 1
    if first == len(tokens) - 1:
        return None
    return tokens[first].start()


_SIGNATORY_TITLES = frozenset(
    "president vice chief officer executive director manager managing secretary treasurer chairman partner member signatory by its name title".split()
)


def _trailing_company(part: str) -> int | None:
    """Where a company named with its legal form starts at the end of ``part``, just before the defined
    name given to it; ``None`` when the part does not end so, when a representative is named there
    ("acting through its managing agent X Inc. ("Agent")"), or the name is a description ("a Delaware
    Corporation")."""
    if (alias := _ALIAS_AT_END.search(part)) is None:
        return None
    head = part[: alias.start()]
    start = company_at_end(head)
    if start is None or _REPRESENTATIVE_BEFORE.search(head[:start]) or re.search(r"(?i)\ban?\s+$", head[:start]):
        return None
    return start


# A company given a defined name: `American Champion Media, Inc. ("ACM")`
_PRIOR_DEFINITION = re.compile(
    r"(?P<name>[A-Z][\w&'’.-]*(?:,?\s+[A-Z0-9&][\w&'’.-]*){0,7})\s*\(\s*(?:the\s+|ci-apr[èe]s\s+(?:d[ée]nomm[ée]e?\s+)?)?"
    r"[\"“«]\s*(?P<alias>[^\"”»]{1,30}?)\s*[\"”»]\s*\)"
)


def _prior_definitions(text: str) -> dict[str, str]:
    """Defined name → company, for companies with a legal form defined before the party list."""
    found: dict[str, str] = {}
    for match in _PRIOR_DEFINITION.finditer(text):
        if _NOT_AN_ALIAS.match(match["alias"].strip()):
            continue
        words = match["name"].split()
        for first in range(len(words) - 1):  # the longest run of words before the parenthesis that is one company name
            candidate = " ".join(words[first:])
            head = name_head(candidate)
            if head is not None and candidate.rstrip(".,").endswith(head[0].rstrip(".,")) and any(is_legal_form(w) for w in head[0].split()[1:]):
                found[fold(match["alias"]).strip(". ")] = head[0]
                break
    return found


def _named_by_alias(name: str, prior: dict[str, str]) -> str | None:
    """The company a party piece names by a defined name given before the list ("ACM. 1) The Sponsor …" → ACM's name)."""
    first = fold(name.split()[0]).strip(".,;: ") if name.split() else ""
    return prior.get(first) or prior.get(fold(name).strip(". "))


# The end of the opening sentence: a full stop that closes no abbreviation ("Inc.", "Ste.", "M.", "U.S.").
_FULL_STOP = re.compile(r"(\S+)\.(?=\s+(?:[A-Z«\"“]|[0-9]{1,2}[.)]\s))")
_ABBREVIATIONS = frozenset(
    "inc ltd co no st mr ms mrs dr jr sr av ave rd nr ste corp bros blvd cie mme mlle ltda pty pte llc l.l.c l.p n.a s.a b.v n.v "
    "u.s u.s.a s.a.s s.a.r.l s.p.a s.r.l m mm me art p.o mt hwy apt fl sq ln ct pl pkwy bldg dept ft etc vs av bd rte esq"
    # inside a company's name or description: "Orvis Mfg. Co., a Mass. corporation", "Pelham Intl. Trading Corp., a Nev. corporation"
    " mfg intl int'l natl nat'l assoc assn ctr div grp hldgs hldg mgmt svcs svc sys tech univ ins invs bancorp cos"
    " ala ariz ark calif cal colo conn fla ill ind kan kans ky md mass mich minn miss mo mont neb nev okla ore penn tenn tex va vt"
    " wash wis wyo ont que".split()
)


def sentence_end(text: str) -> int:
    """Where the opening sentence ends in ``text``: after the first full stop that closes no
    abbreviation ("Inc.", "Ste.", "M.", "U.S.A."); ``len(text)`` when none does."""
    for match in _FULL_STOP.finditer(text):
        word = fold(match[1]).strip("()\"“”«»,")
        abbreviated_form = match[1][:1].isalpha() and word not in _WORD_FORMS and is_legal_form(word)  # "… POLSKA SP. Z O.O."
        if not word or (len(word) > 1 and word not in _ABBREVIATIONS and not re.fullmatch(r"(?:[a-z]\.)+[a-z]?", word) and not abbreviated_form):
            return match.end()
    return len(text)


# A numbered list of parties: "PARTIES 1. Alderwick Limited … (Supplier). 2. Bronte Trading Limited …", « ENTRE : 1) La société X … ;
# 2) La société Y … », "BETWEEN: (1) … (2) …"; the item's number, then its next one after a full stop.
_FIRST_ITEM = re.compile(r"^\s*:?\s*(?:\(\s*(?P<paren>1|a|i)\s*\)|(?P<plain>1\s*[.)]|a\)))\s+(?=[A-Z«\"“])")


def _next_item(number: str) -> str:
    return {"i": "ii", "ii": "iii", "iii": "iv", "iv": "v"}.get(number) or (str(int(number) + 1) if number.isdigit() else chr(ord(number) + 1))


# The alias a party is given after its address, in a sentence of its own: "…, Israel. Hereinafter referred to as "Customer" And …",
# « …, Lyon. Ci-après dénommée « le Client » ET … »
_ALIAS_AFTER_STOP = re.compile(r"\s*\(?\s*(?:Hereinafter|hereinafter|HEREINAFTER|Ci-apr[èe]s|ci-apr[èe]s|CI-APR[ÈE]S)\b")


def _list_sentence_end(segment: str) -> int:
    """Where the opening sentence of ``segment`` ends, read past the items of a numbered list of parties: a full stop
    that closes item 1 and is followed by item 2 ends no list."""
    end = sentence_end(segment)
    form = bool(_ROLE_LABEL_SPLIT.search(segment[:end]))  # a form's lines name the parties ("Beneficiary: …"), not an opening's sentence
    while end < len(segment) and (
        _ALIAS_AFTER_STOP.match(segment, end) or (form and _ROLE_LABEL_SPLIT.match(segment, end + len(segment[end:]) - len(segment[end:].lstrip())))
    ):
        # "… Yokneam 20692, Israel. Hereinafter referred to as "Customer" And FLEXTRONICS …"; a form's next role line ("… (the
        # "Beneficiary"). Guarantor: BANQUE …")
        end += sentence_end(segment[end:])
    if (first := _FIRST_ITEM.match(segment)) is None:
        return end
    number, paren = (first["paren"], True) if first["paren"] else (first["plain"][0], False)
    while end < len(segment):
        number = _next_item(number)
        item = rf"\(\s*{number}\s*\)" if paren else rf"{number}\s*[.)]"
        if not re.match(rf"\s*{item}\s+(?=[A-Z«\"“])", segment[end:]):
            break
        end += sentence_end(segment[end:])
    return end


# The next person of a list of persons: « Monsieur Paul Girard, né le …, demeurant …, Madame Anne Girard, née le … »
_NEXT_PERSON = re.compile(
    r",\s*(?=(?:Monsieur|Madame|Mademoiselle|M\.|Mme|Mlle|Mr\.?|Mrs\.?|Ms\.?|Dr\.?)\s+[A-Z]"
    # "Lisa Chen, an individual residing at …, Mark Rivera, an individual residing at …"
    r"|[A-Z][\w'’-]+(?:\s+[A-Z][\w'’.-]*){1,3},\s+(?:an\s+individual|residing|individually|n[ée]e?\s+le|demeurant)\b)"
)
# A numbered item after a full stop or a semicolon starts the next party: "… (Supplier). 2. Bronte Trading Limited …"
# (or after a comma: « …, marié sous le régime de la séparation de biens, 2. Madame Corinne … » — walkthrough 33)
_NEXT_ITEM_SPLIT = re.compile(r"(?<=[.;,])\s+(?:\d{1,2}[.)]|[b-h]\))\s+(?=[A-Z«\"“])")  # not "Mr. A. Bekov"
# A form's line that names a party by its role: "Beneficiary: KESTREL PARK …", "Guarantor: BANQUE …", « Bailleur : SCI … » — each
# opens a party of its own (a bond or a form writes no "between")
_ROLE_LABEL_SPLIT = re.compile(
    r"(?:^|(?<=[\s.;,]))(?:Beneficiary|Guarantor|Principal|Lessor|Lessee|Licensor|Licensee|Supplier|Customer|Client|Buyer|Seller|Purchaser|Vendor"
    r"|Employer|Contractor|Borrower|Lender|Landlord|Tenant|Hirer|Owner|Bailleur|Preneur|Garant|B[ée]n[ée]ficiaire|Pr[êe]teur|Emprunteur|Vendeur"
    r"|Acheteur|Fournisseur|Prestataire|Sous-traitant|Concédant|Licencié|Franchiseur|Franchisé|Crédit-bailleur|Crédit-preneur|Mandant|Mandataire"
    # an insurance policy's schedule (walkthrough 21: "Underwriters: THAMES & SOLENT … Assured: ARMEMENT …")
    r"|Underwriters?|Insurers?|Insured|Assured|Policyholder|Assureurs?|Assur[ée]s?|Souscripteur"
    # a letter's writer and addressee (walkthrough 19: "SIDE LETTER From: CORRIB AVIATION LEASING DAC … To: AIR VOLCANS SA …")
    r"|From|To|Expéditeur|Destinataire)"
    r"[ \t]?:(?:[ \t]+|(?<=[a-zé]:))(?=[A-ZÀ-Þ])"  # (a role heading read as a label may leave no room for the space: « Bailleur:La SCI … »)
)


def _pieces(segment: str) -> list[tuple[int, str]]:
    """``segment`` cut after each defined name and at each separator, with the offset of each piece."""
    cuts = sorted({0, len(segment), *(m.end() for m in _DEFINED.finditer(segment))})
    pieces: list[tuple[int, str]] = []
    for begin, end in zip(cuts, cuts[1:]):
        part = segment[begin:end]
        position = 0
        separators = sorted(
            [*_CONNECTOR_SPLIT.finditer(part), *_NEXT_ITEM_SPLIT.finditer(part), *_NEXT_PERSON.finditer(part), *_ROLE_LABEL_SPLIT.finditer(part)],
            key=lambda m: m.start(),
        )
        for match in separators:
            if match.start() < position:
                continue
            if match.re is _NEXT_PERSON and (not _PERSON_HINT.search(part[position : match.start()]) or _REPRESENTATIVE_BEFORE.search(part[position : match.start()])):
                continue  # a person after a comma is the next party only after a person described (born, residing), not a representative
            if match.re is _CONNECTOR_SPLIT and match["weak"] and not _ends_with_form(part[position : match.start()]) and not _BLANK_SLOT.match(part[match.end() :]) and not _described_then_company(
                part[position : match.start()], part[match.end() :], match.group(0)
            ) and not _ROLE_AT_END.search(part[position : match.start()]):  # "VERDANE SAS as Seller and ORTALIS SAS as Buyer": two parties
                continue
            if match.re is _CONNECTOR_SPLIT and _REPRESENTED_BY.search(part[position : match.start()]) and _CO_REPRESENTATIVE.match(part[match.end() :].lstrip()):
                continue  # « représentée par M. Laurent Rochat, président, et Mme Sandrine Perrottet, directrice »: a second representative
            if match.re is _CONNECTOR_SPLIT and match["weak"] and re.match(r"(?i)(?:its|their|ses|leurs)\s+(?:affiliates|subsidiaries|filiales|soci[ée]t[ée]s\s+affili[ée]es)\b", part[match.end() :]):
                continue  # "Acme Inc. and its affiliates (the "Company")": one party  # "Tate and Lyle", "research and development": a plain "and" parts two names only after a legal form
            pieces.append((begin + position, part[position : match.start()]))
            position = match.end()
        pieces.append((begin + position, part[position:]))
    return [(offset, piece) for offset, piece in pieces if piece.strip(" ,.;:")]


# A piece that is only the rest of a party's description: it starts with "having", "with an address", « ayant son siège », …
_DESCRIPTION_ONLY = re.compile(
    r"^\s*,?\s*(?:having|with\s+(?:an?\s+|its\s+)?(?:address|office|registered|principal|place)|located|whose|residing|domiciled"
    r"|ayant|dont\s+le\s+si[èe]ge|demeurant|domicili[ée]e?|sise?|situ[ée]e?)\b",
    re.I,
)


def _described_then_company(before: str, after: str, connector: str = " and ") -> bool:
    """A plain "and" after a party's description, before a company named with its legal form: "TELCOSTAR PTE, LTD., a company
    organized and existing under the laws of Singapore and Ability Computer & Software Industries Ltd, a company …" is two parties
    ("Tate and Lyle" is one: no description before the "and"). Written "And" / « ET » in a block that lists the parties
    ("BETWEEN: Alder Inc. a Florida Corporation of …, FL 33436 And BIRCH HERBALS, …"), it parts them before any name."""
    if _DESCRIPTION_ONLY.match(before) and (head := name_head(after)) is not None:
        # after a defined name, the rest of that party's description, then "and" and the next party with its legal form:
        # '… ("ALFA AESAR"), having a mailing address of 30 Bond Street, Ward Hill, MA 01835-8099 and Nanophase Technologies Corporation, …'
        # … or a name given its defined name right away: '… Morton Grove, IL 60053 and Ludmila Smolyansky ("Individual") on her own behalf'
        return any(is_legal_form(w.rstrip(",")) for w in head[0].split()[1:]) or bool(_ALIAS_NEXT.match(head[1]))
    if not re.search(r"(?:,|\b[A-Z][\w.]*)\s+(?:an?|soci[ée]t[ée]|entreprise)\s+\S", before) or not _CORPORATE.search(before):
        return False
    head = name_head(after)
    if head is None:
        return False
    return connector.strip() in ("And", "AND", "Et", "ET") or any(is_legal_form(w.rstrip(",")) for w in head[0].split()[1:])


_ALIAS_NEXT = re.compile(r"\s*\(\s*(?:the\s+|hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?|ci-apr[èe]s\s+(?:d[ée]nomm[ée]e?\s+)?)?[\"“«]")
_LISTED_FORMS = r"(?:INC|Inc|LLC|LTD|Ltd|CORPORATION|Corporation|CORP|Corp|LIMITED|Limited|PLC|SAS|SARL|SA|GmbH|AG|LP|L\.P|N\.V|B\.V)\b"
# the next listed name, its legal form after a comma too: "Sucampo Pharmaceuticals, Inc., Sucampo Pharma, LLC. and R-Tech Ueno, Ltd."
_LISTED_NAME = re.compile(r",\s+(?=(?:[A-Z0-9&][\w&.'’/-]*\s+){0,6}?[A-Z0-9][\w&.'’/-]*,?\s+" + _LISTED_FORMS + ")")
_COMMA_BEFORE_FORM = re.compile(r",\s*(?=" + _LISTED_FORMS + ")")


# A listed name and its description: "White Hat Strategic Partners LP, a Delaware limited partnership"
_DESCRIBED = re.compile(
    r"^[^,]+,\s+an?\s+[\w .'’-]{2,60}?\b(?:corporation|company|partnership|trust|bank|association|fund|soci[ée]t[ée])\s*$", re.I
)


def _name_list(piece: str) -> list[tuple[int, str]]:
    """A piece that lists names with commas ("UNITED TECHNOLOGIES CORPORATION, OTIS WORLDWIDE
    CORPORATION and …"), cut before each listed name that ends with a legal form."""
    head = name_head(piece.strip(" ,;:"))
    if head is None or not any(is_legal_form(w) for w in head[0].split()[1:]):
        return [(0, piece)]
    cuts = [0]
    first_end = piece.find(head[0]) + len(head[0]) if head[0] in piece else 0
    for match in sorted([*_LISTED_NAME.finditer(piece), *_NEXT_LINE_NAME.finditer(piece)], key=lambda m: m.start()):
        if match.start() < first_end and match.re is _LISTED_NAME:
            continue  # inside the first name: "Morgan, Keller & Co. LLC"
        if match.end() <= cuts[-1]:
            continue
        nxt = name_head(piece[match.end() :])
        between = piece[cuts[-1] : match.start()]
        if match.re is _NEXT_LINE_NAME and not _whole_capital_name(between):
            continue
        if nxt is not None and any(is_legal_form(w.rstrip(",")) for w in nxt[0].split()[1:]) and (
            _COMMA_BEFORE_FORM.sub(" ", between).count(",") == 0 or _DESCRIBED.match(between) or match.re is _NEXT_LINE_NAME
        ):
            cuts.append(match.end())
    cuts.append(len(piece))
    return [(a, piece[a:b]) for a, b in zip(cuts, cuts[1:])]


# A cover that lists its parties one a line, in capitals and with no comma between them ("BETWEEN ALDER CAPITAL INC. BIRCHWOOD
# HOLDINGS LLC CEDAR PARTNERS LTD" once the lines are joined): the next name starts right after a legal form.
_NEXT_LINE_NAME = re.compile(r"(?<=[A-Z.])\s+(?=(?:[A-Z0-9&][A-Z0-9&.'’/-]*\s+){0,6}?[A-Z0-9][A-Z0-9&.'’/-]*\s+(?:INC|LLC|LTD|CORPORATION|CORP|LIMITED|PLC|SAS|SARL|SA|GMBH|AG|LP|L\.P|N\.V|B\.V)\b)")


def _whole_capital_name(text: str) -> bool:
    """Is ``text`` one name in capitals ending with a legal form, and nothing else ("ALDER CAPITAL INC.")?"""
    head = name_head(text.strip(" ,;:"))
    if head is None or head[1].strip(" ,;:") or not head[0].isupper() or not _ends_with_form(head[0]):
        return False
    last = head[0].split()[-1]
    return last.endswith(".") or fold(last).strip(".") in _FINAL_FORMS  # not "MOELIS & COMPANY HOLDINGS LP": « company » goes on


def _ends_with_form(text: str) -> bool:
    """Does ``text`` end with a written legal form ("… Inc.", "… SAS"; not "incorporated and registered")?"""
    words = text.split()
    return len(words) > 1 and words[-1][:1].isupper() and is_legal_form(words[-1].rstrip(","))


# What a list may write before a party that joins it for some purposes only: "and, solely for purposes of Section 9.3, Stonefield
# Holdings Corp.", "and, for the limited purposes set forth in Article 7, …", "and, as guarantor, …", « et, pour les seuls besoins de
# l'article 9, … », « et, en qualité de caution, … ».
_PARTY_QUALIFIER = re.compile(
    r"^(?:(?:and|et)\s*,?\s*)?(?:(?:solely|only|exclusively|uniquement|seulement)\s+)?"
    r"(?:(?:for|as\s+to|with\s+respect\s+to|in\s+respect\s+of|pour|aux)\s+(?:the\s+|les\s+|ses\s+)?(?:limited\s+|seuls?\s+|seules\s+)?"
    r"(?:purposes?|fins|besoins)\b[^,;()]{0,100}|as\s+(?:to|regards)\s+[^,;()]{1,60}|(?:as|en\s+(?:sa\s+)?qualit[ée]\s+de)\s+(?-i:[a-z])[^,;()]{0,40})\s*,\s*(?=\S)",
    re.I,
)


# What comes before a party's text in the list of parties, no part of what it is read from: « ET : », "AND:", « : ».
_RAW_LEAD = re.compile(r"^[\s,;:]*(?:(?:ET|ENTRE|AND|BETWEEN|Et|Entre|And|Between)\s*:\s*)?")


def _party_of(piece: str, offset: int, earlier: list[OpeningParty], aliases: set[str]) -> OpeningParty | None:
    text = _ENUMERATION.sub("", piece.strip(" ,;:\t\r\n").lstrip("."))  # (« ENTRE LES SOUSSIGNÉS :\n\n1. Monsieur … »: the number on its line)
    if qualifier := _PARTY_QUALIFIER.match(text):
        text = text[qualifier.end() :]  # "and, solely for purposes of Section 9, Stonefield Holdings Corp.": a party all the same
    role_first = _ROLE_FIRST.match(text)
    if role_first:
        text = text[role_first.end() :]  # "and (Client) Pelican Delivers Inc. for …": the defined name written before the name
    head = name_head(text)
    if head is None and (described := _DESCRIPTOR_FIRST.match(text)):
        head = name_head(text[described.end() :])  # "professional golfer, TOM WATSON, (hereinafter …)"
    if head is None and (lower := _LOWER_CASE_COMPANY.match(text)):
        head = (lower["name"], text[lower.end("name") :])  # "and blue-fin interactive, a Florida corporation ("blue-fin")": a name in lower case
    if head is None:
        return None
    name, rest = head
    if (
        (officer := _OFFICER_OF.match(rest))
        and (company := name_head(rest[officer.end() :])) is not None
        and _acts_for_company(*company, titled=bool(_CIVILITY.match(name)) and "soci" not in officer.group(0).lower())
    ):
        name, rest = company  # "Natalija Tunevic, director of FreeCook (hereinafter referred to as "Client")": the company is the party
    if _PLACE_AND_DATE.match(rest):
        return None  # « Paris, le 3 mars 2023 »: where and when a letter is written
    if _DEFINED_BELOW.match(rest) and not any(is_legal_form(w.rstrip(",")) for w in name.split()[1:]):
        return None  # "Support Services (as defined below)", « les Services (tels que définis ci-après) »: a defined term
    person = bool(_CIVILITY.match(name)) or bool(_PERSON_HINT.search(rest[:200]))
    defined = _defined_names(rest) or ([role_first["role"]] if role_first else [])
    if not defined and (acronym := _ACRONYM.match(rest)):
        defined = [acronym[1]]  # "the United States Department of Veterans Affairs (VA)": an unquoted defined name
    party = OpeningParty(name=name, offset=offset, raw=_RAW_LEAD.sub("", " ".join(piece.split()))[:240], kind="person" if person else "company", defined_as=defined)
    if _is_defined_term(name, earlier, aliases) or _role_named_as_itself(text, name, defined):
        return None
    _anchor(party, rest)
    if not defined and (role := _AS_ROLE.match(rest)):
        # a cover's "HÉLIOVAL SAS ⏎ as Seller", « en qualité de Bailleur »: the role, capitalised, names it — after the anchors: a role
        # written so says nothing of how sure the name is
        party.defined_as = [role["role"]]
    if party.confidence != "high" and match_contract_type(name) and not any(is_legal_form(w) for w in name.split()[1:]):
        return None  # "BAIL COMMERCIAL", "Hosting Agreement": a heading, not a party
    return party


# A person named as the officer of a company, which is the party: "Natalija Tunevic, director of FreeCook (…"Client")", « M. Jean
# Roux, gérant de la société Atelier Roux (…) »
_OFFICER_OF = re.compile(
    r"(?i)\s*,\s*(?:the\s+|its\s+|son\s+|sa\s+)?(?:(?:managing|executive|general|sole)\s+)?(?:director|president|chairman|ceo|manager|partner|officer"
    r"|chief\s+executive\s+officer|g[ée]rante?|pr[ée]sidente?|directeur|directrice)(?:\s+g[ée]n[ée]ral(?:e)?)?\s+(?:of|de|du)\s+(?:la\s+soci[ée]t[ée]\s+|the\s+company\s+)?(?=[A-Z])"
)
# … a person who signs in their own name stays the party: "…, individually", « agissant en son nom personnel », an employee,
# a consultant or a guarantor (the role given is a person's)
_IN_OWN_NAME = re.compile(r"(?i)\b(?:individually|personally|in\s+(?:his|her|their)\s+(?:own|personal|individual)\s+(?:name|capacity)|en\s+son\s+nom\s+personnel|à\s+titre\s+personnel)\b")
_PERSONAL_ROLES = frozenset(
    "executive employee consultant guarantor contractor individual investigator advisor adviser salarie salariee employe caution consultante dirigeant".split()
)


_COMPANY_ROLES = frozenset(
    "company firm corporation client customer supplier provider vendor licensee licensor distributor purchaser buyer seller lessor lessee "
    "societe fournisseur prestataire distributeur licencie concedant bailleur preneur acheteur vendeur".split()
)


def _acts_for_company(company: str, rest: str, *, titled: bool = False) -> bool:
    """Is the person before "director of ``company``" signing for it: the company has a legal form or is given the party's
    defined name right away ("FreeCook (hereinafter referred to as "Client")"), and nothing says the person signs in their own
    name or takes a person's role ("Jane Doe, Director of Research (the "Consultant")" stays Jane Doe). A person named with a
    title (« M. », "Dr.") acts for a company only with a legal form or « la société »: "Dr. Mary Lee, Director of Clinical
    Research (the "Investigator")" is Dr. Lee (``titled``: the caller saw the title and no « société »)."""
    if _IN_OWN_NAME.search(rest[:200]):
        return False
    defined = _defined_names(rest[:200])
    if any(fold(a).strip(". ") in _PERSONAL_ROLES for a in defined):
        return False
    formed = any(is_legal_form(w.rstrip(",.")) for w in company.split()[1:])
    company_role = any(fold(a).strip(". ") in _COMPANY_ROLES for a in defined)  # 'Mr. John Smith, CEO of Brightwave (the "Company")'
    return formed or ((company_role or not titled) and bool(_ALIAS_NEXT.match(rest)))


_DEFINED_BELOW = re.compile(r"\s*\(\s*(?i:as\s+(?:hereinafter\s+|further\s+)?defined|as\s+such\s+term\s+is\s+defined|tel(?:le)?s?\s+que\s+d[ée]fini)")
# A company whose name is written in lower case, told by the corporate description right after it.
_LOWER_CASE_COMPANY = re.compile(
    r"^(?P<name>[a-z][\w.-]*[a-z0-9](?:\s+[a-z][\w.-]*){0,3}),\s+an?\s+(?:[A-Z][\w.-]*\s+){1,3}"
    r"(?:corporation|company|limited\s+liability\s+company|limited\s+partnership|partnership)\b"
)
_PLACE_AND_DATE = re.compile(r"(?i)\s*,\s*(?:le\s+)?\d{1,2}(?:er)?\s+[a-zéû]+\.?\s+\d{4}")
_ROLE_AT_END = re.compile(r"[A-Z]\S*\s*,?\s+(?:as|acting\s+as|en\s+(?:sa\s+)?qualit[ée]\s+de)\s+(?:the\s+|l['’]\s*|le\s+|la\s+)?[A-Z][a-zà-ÿ]+\s*,?\s*$")
_AS_ROLE = re.compile(r"\s*,?\s*(?:as|acting\s+as|en\s+(?:sa\s+)?qualit[ée]\s+de)\s+(?:the\s+|l['’]\s*|le\s+|la\s+)?(?P<role>[A-Z][a-zà-ÿ]+(?:\s+[A-Z][a-zà-ÿ]+)?)(?=\s*(?:[,;.)(]|$|\d|(?:and|et|AND|ET)\b|[A-Z]{2,}\b))")
_ACRONYM = re.compile(r"\s*\(\s*([A-Z][A-Z0-9&.]{1,8})\s*\)")
# A defined name in parentheses before the name it gives: "(Client) Pelican Delivers Inc.", '("Buyer") Acme Corp.'
_ROLE_FIRST = re.compile(r"^(?:(?:and|et)\s+)?\(\s*(?:the\s+|le\s+|la\s+)?[\"“«]?\s*(?P<role>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2})\s*[\"”»]?\s*\)\s+(?=[A-Z])")
# A party described before its name: "between professional golfer, TOM WATSON, …", « entre l'architecte, Mme … »
_DESCRIPTOR_FIRST = re.compile(r"^(?:[a-zà-ÿ][\w'’-]*\s+){0,3}[a-zà-ÿ][\w'’-]*,\s+(?=[A-Z])")


def _defined_names(rest: str) -> list[str]:
    """The defined names given in ``rest`` ("(the "Client")", « ci-après « le Bailleur » »)."""
    return [a for a in (_alias(m.group(0)) for m in _DEFINED.finditer(rest)) if a]


def _alias(text: str) -> str | None:
    match = _ALIAS.search(text)
    if match is None:
        return None
    alias = " ".join(match[1].split()).strip(" ,.")
    return alias if alias and len(alias.split()) <= 6 and not _NOT_AN_ALIAS.match(alias) else None


def _anchor(party: OpeningParty, rest: str) -> None:
    """Set the party's confidence from what stands by its name."""
    description = rest[:400]
    # (not a person's own numbers: « numéro de sécurité sociale 1 81 07 … » is no register's — walkthrough 34's employee)
    if identifier := next((m for m in _IDENTIFIER.finditer(description) if not _PERSONAL_NUMBER.search(m[0])), None):
        party.identifier = " ".join(identifier["number"].split())
        # a register whose numbers carry its letters: Switzerland's « CHE-105.442.871 », Germany's "HRB 148227" (walkthrough 34 showed
        # « 105.442.871 » and nothing)
        if (letters := _LETTERED_REGISTER.search(identifier[0])) and identifier[0][letters.end() :].strip(" :.-\u00a0").startswith(identifier["number"][:3]):
            party.identifier = f"{letters[0].upper().rstrip('-')}{'-' if letters[0].endswith('-') else ' '}{party.identifier}"
        party.anchors.append("identifier")
        around = description[max(0, identifier.start() - 80) : identifier.end() + 20]
        # nine digits of another country's register are no SIREN (the app walk of round 29: Switzerland's UID CHE-109.874.321
        # shown as « SIREN 109874321 »): a French register named by it, or nothing foreign
        foreign = _FOREIGN_REGISTER.search(identifier[0]) or (not _FRENCH_REGISTER_AROUND.search(around) and _FOREIGN_REGISTER.search(around))
        if not foreign and (siren := _SIREN_NUMBER.fullmatch(identifier["number"].strip())):
            party.siren, warning = normalize_siren(siren[1])
            # a French register's number that fails its key is said (a typing error in the contract?); another
            # register's nine digits ("registration number 123456789") are no SIREN to check
            if _FRENCH_REGISTER.search(identifier[0]):
                party.siren_warning = warning and f"the SIREN written in the text, {party.identifier}, fails its check digit (a typing error?)"
    if any(is_legal_form(w) for w in party.name.split()):
        party.anchors.append("legal form")
    if party.kind == "company" and _CORPORATE.search(description[:250]):
        party.anchors.append("corporate description")
    if party.kind == "person" and (_CIVILITY.match(party.name) or _PERSON_HINT.search(description[:200])):
        party.anchors.append("person")
    if party.anchors:
        party.confidence = "high"
    elif party.defined_as or _ADDRESS_AFTER.match(description):
        party.confidence = "medium"  # "… and Tom Hadley, of 14 Elm Road, Dallas": a party given its address


# An address right after a name: "Tom Hadley, of 14 Elm Road", "Pell Systems, with offices at 5 Hauptstrasse", « Jean Roux, sis 3 rue … »
_ADDRESS_AFTER = re.compile(
    r"\s*,?\s*(?:of|at|whose\s+(?:address|principal\s+(?:place\s+of\s+business|office))\s+is(?:\s+at)?|located\s+at"
    r"|with\s+(?:an?\s+|its\s+)?(?:address|offices?|principal\s+(?:place\s+of\s+business|office))\s+at|domicili[ée]e?\s+(?:à|au)|sis[e]?\s+(?:à|au)?)\s+\d",
    re.I,
)


def is_legal_form(token: str) -> bool:
    """Is ``token`` a legal form ("Inc.", "L.L.C.", "S.A.", « SAS », "GmbH")?"""
    key = re.sub(r"[^a-z/]", "", fold(token))
    return bool(key) and (key in LEGAL_FORMS or key in _EXTRA_FORMS)


def _is_defined_term(name: str, earlier: list[OpeningParty], aliases: set[str]) -> bool:
    """A head that only repeats defined names: "Stryker and Conformis", "CARDAX and CAPSUGEL" (names
    joined), or the defined name of an earlier party ("Company"). A company defined as itself
    ("Bank of America ("Bank of America")") is a party."""
    words = [w for w in re.findall(r"[a-z0-9]+", fold(name)) if w not in ("and", "et", "or", "ou")]
    if not words or len(words) > 4 or any(w in LEGAL_FORMS for w in words[1:]):
        return False
    earlier_aliases = {w for p in earlier for a in p.defined_as for w in re.findall(r"[a-z0-9]+", fold(a))}
    if all(w in earlier_aliases or w in _ROLE_WORDS for w in words):
        return True
    joined = bool(re.search(r"(?i)\b(?:and|et|or)\b|&|,|/", name))
    return joined and all(w in aliases or w in _ROLE_WORDS for w in words)


def _role_named_as_itself(text: str, name: str, defined: list[str]) -> bool:
    """"the Guarantors listed on Schedule I hereto (the "Guarantors")", "the Lenders party hereto (the "Lenders")", « les
    Garants (les « Garants ») »: a group introduced by a lower-case article, named by a role in the plural and given its own
    words as defined name, not a company ("Bank of America ("Bank of America")", "the Adobe entity identified below
    (collectively "Adobe")")."""
    if not re.match(r"(?:the|les|each\s+of\s+the|certain)\s", text) or any(is_legal_form(w) for w in name.split()):
        return False
    words = re.findall(r"[a-z0-9]+", fold(name))
    singular = re.sub(r"ies$", "y", words[-1]) if words and words[-1].endswith("ies") else (words[-1][:-1] if words else "")
    if not words[-1:] or not words[-1].endswith("s") or singular not in _GROUP_ROLES:
        return False  # "the Adobe entity identified below (collectively "Adobe")" is Adobe
    return any(set(words) == set(re.findall(r"[a-z0-9]+", fold(alias))) for alias in defined)


# Roles a group of parties is named by ("the Lenders", "the Guarantors", « les Cédants »), in the singular.
_GROUP_ROLES = frozenset(
    "lender guarantor holder stockholder shareholder noteholder unitholder purchaser investor seller buyer member partner subsidiary "
    "borrower grantor pledgor obligor issuer bank agent underwriter sponsor founder manager owner "
    "garant cedant cessionnaire associe vendeur acquereur preteur emprunteur fondateur investisseur".split()
)


def _joined_names(parties: list[OpeningParty]) -> list[OpeningParty]:
    """A title's "Between American Diabetes Association and Freeze Tag, Inc." read as one name while the list names each on its
    own ("by and between Freeze Tag Inc., … and the American Diabetes Association, Inc."): the joined name is both, when what
    follows its "and" is another party of the list ("Procter and Gamble Company" stays one: no party is "Gamble Company")."""
    keys = {entity_id(p.name) for p in parties}
    out: list[OpeningParty] = []
    for party in parties:
        parts = re.split(r"\s+(?:and|AND|et|ET|&)\s+", party.name, maxsplit=1)
        if (
            len(parts) == 2 and len(parts[0].split()) >= 2 and entity_id(parts[1]) in keys - {entity_id(party.name)}
            and (left := name_head(parts[0])) is not None
        ):
            out.append(replace(party, name=left[0], defined_as=list(party.defined_as), anchors=list(party.anchors)))
            continue
        out.append(party)
    return out


def _merge_repeats(parties: list[OpeningParty]) -> list[OpeningParty]:
    merged: dict[str, OpeningParty] = {}
    for party in _joined_names(parties):
        key = entity_id(party.name)
        if not key:
            continue
        if key in merged:
            kept = merged[key]
            kept.defined_as += [a for a in party.defined_as if a not in kept.defined_as]
            if kept.confidence != "high" and party.confidence == "high":
                kept.confidence, kept.anchors = "high", party.anchors
        else:
            merged[key] = party
    return list(merged.values())


# ------------------------------------------------------------------------------------ the name head

_TOKEN = re.compile(r"\S+")
_NAME_STOP = re.compile(
    r"^(?:a|an|une?|ayant|dont|having|whose|with|located|organi[sz]ed|incorporated|existing|acting|agissant|repr[ée]sent[ée]e?s?|"
    r"represented|domicili[ée]e?|demeurant|residing|n[ée]e?|immatricul[ée]e?|inscrite?|registered|situ[ée]e?|si[èe]ge|"
    r"soci[ée]t[ée]|ci-?apr[èe]s|hereinafter|herein|d[ûu]ment|pris|prise|en|its|sa|son|its|on|who|which|which,|qui|"
    r"formerly|also|d/b/a|dba|f/k/a|a/k/a|and/or|et/ou|including|together|as|au|aux|sous|under|par|by|is|are|est|sont|hereby)$",
    re.I,
)
_NAME_WORD_LIMIT = 12
_WORD_FORMS = frozenset("co company corporation limited incorporated cie".split())  # forms that are also words inside names
# Capitalised words that end a name all the same: what follows a cover-page list of parties.
_HARD_STOP = frozenset(
    "dated date source effective exhibit page made entered between among entre this ce cette whereas by name title nom titre "
    "signature signed m mme mlle mr mrs ms dr monsieur madame to would will shall may that which if is are be been has have in on at "
    "hereto hereby herein for pour attn attention c/o".split()
)
_HEADING_WORDS = frozenset(
    "parrainage sponsorship partenariat partnership prestation prestations services service licence license distribution franchise "
    "cession bail agreement contract contrat convention avenant addendum amendment accord cadre master".split()
)
# A heading that ran into the name: its last word names the document ("… AGREEMENT Synchron"); the words that are also
# in names ("Pennsylvania Convention Center Authority", "Accord Healthcare", "Lease Plan") count only in capitals.
_HEADING_END = re.compile(
    r"^.*\b(?:(?i:agreement|contrat|amendment|avenant|addendum|pacte)|CONTRACT|CONVENTION|BAIL|LEASE|ACCORD|DEED|ACTE)\b\s+"
)


# Legal forms that end a name: what follows them is another name ("ALDER CAPITAL INC. BIRCHWOOD HOLDINGS LLC", a cover's lines),
# unlike "SP" in "White Hat SP GP LLC".
_FINAL_FORMS = frozenset("inc ltd llc llp plc gmbh sarl sas sasu bv nv pty pte kk bhd".split())


def _national_association(tokens: list[re.Match[str]], index: int) -> bool:
    """"Wells Fargo Bank, National Association": a US national bank's form, written out after a comma."""
    words = [t.group(0).rstrip(",;:.").lower() for t in tokens[index : index + 2]]
    return words == ["national", "association"] and tokens[index].group(0)[:1].isupper()


def _firm_follows(tokens: list[re.Match[str]], index: int) -> bool:
    """Do the words after a comma go on to "&" and a legal form, all capitalised ("Morgan, Lewis & Bockius LLP", "Skadden,
    Arps, Slate, Meagher & Flom LLP", "Keefe, Bruyette & Woods, Inc.")? A firm's names, not a description after the name."""
    ampersand = False
    for ahead in tokens[index : index + 7]:
        word = ahead.group(0).rstrip(",")
        if word == "&":
            ampersand = True
        elif is_legal_form(word) and ampersand:
            return True
        elif not word[:1].isupper() or word.endswith((";", ":", ".")) and not is_legal_form(word):
            return False
    return False


def _title_before_company(title: str, rest: str) -> bool:
    """"MARKETING AGREEMENT NORTHWIND SOFTWARE, INC.": a cover's title written in capitals before a company with its legal form
    (not "LEASE COMPANY", where a document word is part of the name)."""
    words = title.split()
    return len(words) >= 2 and words[-1] in ("AGREEMENT", "CONTRACT", "AMENDMENT", "ADDENDUM") and any(is_legal_form(w) for w in rest.split()[1:])


def _form_follows(tokens: list[re.Match[str]], index: int) -> bool:
    """Does another legal form end the name one or two capitalised words on ("White Hat SP GP LLC": "SP" is a form
    of its own, and the name goes on to "LLC")?"""
    for ahead in (index, index + 1):
        if ahead >= len(tokens) or tokens[ahead].group(0).endswith((",", ";", ":")) or not tokens[ahead].group(0)[:1].isupper():
            return False
        if ahead + 1 < len(tokens) and is_legal_form(tokens[ahead + 1].group(0).rstrip(",;:")) and not is_legal_form(tokens[ahead].group(0)):
            return True
    return False


_ROLE_PARENTHESIS = re.compile(r"\(\s*(?i:as|en\s+(?:sa\s+)?qualit[ée]\s+de|acting\s+as|agissant\s+en)\s")
_ADDRESS_UNIT = re.compile(r"(?i:room|suite|unit|floor|level|flat|block|building|bldg|office|p\.?\s?o\.?\s+box|b\.?p\.?|bureau|bâtiment|étage)\.?\s+[A-Z]?\d")


_ELIDED_CAPITAL = re.compile(r"^[dlDL]['’][A-ZÀ-ÖØ-Þ]")


def name_head(text: str) -> tuple[str, str] | None:
    """The name that starts ``text`` and the rest of it: ``("Harrowgate Data Limited", ", a company …")``.

    A name is a run of capitalised words, joined by « de », "of", "&"…, ending with any legal form
    (", Inc.", " S.A."); a comma ends it unless a legal form follows, a parenthesis unless the name
    goes on after it ("Bunker One (USA) Inc."). ``None`` when ``text`` does not start with a name: a
    lower-case word, an address, a role (« le Bailleur »), a contract heading.
    """
    text = _LEADING_FORMULA.sub("", text.lstrip(" ,;:.«»\"“”(")).rstrip(" ,;:")
    written = text  # with its article, which may be part of the name (:func:`name_article`)
    if bank := _SOCIETE_NAME.match(text):
        return bank.group(0), text[bank.end() :]  # « SOCIÉTÉ GÉNÉRALE, ci-après « la Banque » »: « société » is its name
    bare = _ARTICLE.sub("", text, count=1).strip()
    if co_owners := _CO_OWNERS.match(bare):
        return co_owners.group(0).strip(), bare[co_owners.end() :]
    text = _LEADING_FORMULA.sub("", _COVER.sub("", bare))  # "Exhibit 10.11 DATED 26 September 2019 …"
    text = _PARTY_LABEL.sub("", text, count=1)  # "Party A: Rise (Tianjin) … Co., Ltd.", « Partie 1 : Acme SAS »
    while (stripped := _ARTICLE.sub("", text, count=1).strip()) != text:
        text = stripped
    if not text or _NOT_A_NAME.match(text):
        return None
    civility = _CIVILITY.match(text)
    tokens = list(_TOKEN.finditer(text))
    kept_end = 0
    index = 0
    words = 0
    while index < len(tokens):
        token = tokens[index].group(0)
        core = token.rstrip(",;:")
        folded = fold(core).strip(".")
        if index == 0 and civility:
            kept_end, index = tokens[index].end(), index + 1
            continue
        if core.startswith("(") and index > 0:
            inner_end = _inner_parenthesis(text, tokens[index].start())
            if inner_end is None:
                break
            following = text[inner_end:].lstrip()
            if not following or not (following[:1].isupper() or following[:1] == "(" or fold(following.split()[0]).strip(".,") in LEGAL_FORMS):
                break  # "Bunker One (USA) Inc.", "SYSTEMS APPLICATIONS PRODUCTS (AFRICA) (PTY) LIMITED" go on
            if following.split()[0] in ("A", "An", "AN", "The", "THE"):
                break  # "USA Managed Care Organization (USA MCO) A Texas Corporation": a description follows
            if _ROLE_PARENTHESIS.match(text, tokens[index].start()):
                break  # "AVIONS DE TRANSPORT REGIONAL, G.I.E. (as Repairer) March 9th, 2015": a role, then the cover's date
            kept_end = inner_end
            while index < len(tokens) and tokens[index].start() < inner_end:
                index += 1
            continue
        if core in ("-", "–") and _dash_inside_a_name(text, tokens, index):
            index += 1  # "National Football League Alumni - Northern California Chapter ("NFLA-NC")"
            continue
        if (
            index > 1 and core[1:].islower() and core[:1].isupper() and folded in _ROLE_WORDS and not is_legal_form(core)
            and not (index + 1 < len(tokens) and is_legal_form(tokens[index + 1].group(0).rstrip(",;:")))
            and all(t.group(0).isupper() for t in tokens[:index])
        ):
            break  # "Licensor: PACIFICAP ENTERTAINMENT Licensee THE HENRY FILM …": a role in title case between names in capitals
        if (
            index > 0 and folded in _HARD_STOP and not (folded in ("and", "et", "in", "on") and core.islower())
            and not _for_inside_a_name(tokens, index) and not _capital_word_inside_a_name(tokens, index)
        ):
            break
        capital = core[:1].isupper() or core[:1].isdigit() or core[:1] in "&'’"
        # an elided particle before a capital is inside a name: « Pylônes d'Iroise SAS », « Caisse d'Épargne », « Crédit de l'Ouest » (the
        # name was cut at « Pylônes », so the amendment of its contract was never attached: walkthrough 22)
        capital = capital or (index > 0 and bool(_ELIDED_CAPITAL.match(core)))
        capital = capital or (core == "/" and index > 0 and index + 1 < len(tokens) and tokens[index + 1].group(0)[:1].isupper())  # "Blackstone / GSO … Fund"
        form = is_legal_form(core)
        internal = index == 0 and bool(re.search(r"[A-Z0-9.]", core[1:])) and core[:1].isalpha()  # deltathree.com, iShip, eDiets, i2 Technologies
        connector = (folded in _NAME_CONNECTORS and index > 0) or (index > 0 and _for_inside_a_name(tokens, index))
        if _NAME_STOP.match(core) and not capital:
            break
        if not (capital or form or internal or connector or _inside_a_name(tokens, index)):
            break
        kept_end = tokens[index].start() + len(core)
        words += 1
        index += 1
        following = tokens[index].group(0) if index < len(tokens) else ""
        if form and index > 1 and not is_legal_form(following.rstrip(",;:")) and not token.endswith(","):
            if following == "&" and _GMBH_CO_KG.match(text, tokens[index].start()):
                continue  # "CREMER OLEO GmbH & Co. KG": the German form goes on
            if _ROMAN.fullmatch(following.rstrip(",;:")):
                continue  # "MUL Acquisition Corp. II", not "I. ACME INC. II. BETA LLC"
            if following == "of" and index + 1 < len(tokens) and _is_place(tokens[index + 1].group(0).rstrip(",;:.")) and not (
                index + 2 < len(tokens) and tokens[index + 1].group(0)[-1:].isalnum() and tokens[index + 2].group(0)[:1].isupper()
            ):
                continue  # "Alliance Bancorp, Inc. of Pennsylvania", not "Sun Trading Ltd of Victoria Street"
            if index < len(tokens) and _ADDRESS_UNIT.match(text, tokens[index].start()):
                break  # "Dolphin Industries Limited Room 1302 Golden Gate …": an address follows the name
            same_case = not (core.isupper() and len(core) > 2 and not following.rstrip(",;:").isupper() and not _is_place(following.rstrip(",;:.")))
            # "… PIPELINE COMPANY Service Package No" ends at the form, "ACME CORPORATION Japan" does not
            if not (folded in _WORD_FORMS and following[:1].isupper() and same_case) and (core.endswith(".") or folded in _FINAL_FORMS or not _form_follows(tokens, index)):
                break  # "NLS-1 Pharma AG Alter Postplatz 2": the name ends with its legal form ("Moelis & Company Holdings LP" goes on)
        if folded == "of" and following[:1].isdigit():
            kept_end = tokens[index - 2].start() + len(tokens[index - 2].group(0).rstrip(",;:")) if index >= 2 else kept_end
            break  # "Government Procurement Service of 9th Floor": an address follows
        if token.endswith((",", ";", ":")):
            # (a word form in lower case describes it: "CORRIB AVIATION LEASING DAC, company number 612345" — walkthrough 19)
            described = following.rstrip(",;:") in ("company", "corporation", "limited", "partnership", "société", "societe")
            if token.endswith(",") and not described and (
                is_legal_form(following.rstrip(",;:")) or (not form and _firm_follows(tokens, index)) or _national_association(tokens, index)
            ):
                continue  # "Acme, Inc.", "Morgan, Lewis & Bockius LLP", "Wells Fargo Bank, National Association"
            break
    name = text[:kept_end].strip(" ,;:")
    if (heading := _HEADING_END.match(name)) and heading.end() < len(name) and (
        not name[heading.end() :].isupper() or _title_before_company(name[: heading.end()], name[heading.end() :])
    ):
        name = name[heading.end() :]  # "INTELLECTUAL PROPERTY RIGHTS AGREEMENT Synchron": the heading ran into the name
        words = name.split()
        while len(words) > 1 and words[0].isupper() and (fold(words[0]) in _NAME_CONNECTORS or fold(words[0]) in _HEADING_WORDS or match_contract_type(words[0])):
            words.pop(0)  # « CONTRAT DE PARRAINAGE Halcyon Sports Media SAS »: the rest of the heading ("… AGREEMENT SAP America Inc." keeps SAP)
        name = " ".join(words)
    name = _trim_connectors(name)
    if not name:
        return None
    name_words = name.split()
    if len(name_words) > _NAME_WORD_LIMIT or not entity_id(name):
        return None
    folded_words = [fold(w).strip(".,'’") for w in name_words]
    if all(w in _ROLE_WORDS or w in _NAME_CONNECTORS for w in folded_words):
        return None
    if _not_a_name(name_words, folded_words):
        return None
    if len(name_words) > 2 and len(name_words[-1]) == 1 and name_words[-1] not in "IVX&" and is_legal_form(name_words[-2]):
        name = name.rsplit(" ", 1)[0]  # "… ASSURANCE COMPANY E - 4": a page label after the legal form
    if re.fullmatch(r"(?i)(?:this|the|ce|cette|le|la)\b.*", name) and len(name_words) <= 2:
        return None
    if re.search(r"\b(?:(?i:entre|between|among|soussign\w*|agreement|contrat)|CONVENTION)\b", name) and not any(is_legal_form(w) for w in name_words[1:]):
        return None  # a heading that runs into the party list
    rest = text[len(text[:kept_end]) :]
    name = without_initials_prefix(_drop_final_period(name))
    if implausible_name(name):
        return None
    return name_article(written, name) + name, rest


def without_initials_prefix(name: str) -> str:
    """A name less the initials written before it, the short name a table of parties gives in its first column ("DCL ⏎
    DAIRY CREST LIMITED", "KLT ⏎ KESTREL LOGISTICS TRANSPORT LIMITED"): the first word in capitals is the initials of the words
    that follow, with or without their legal form. "ABC Holdings Inc." and « SCI Saint Charles Immobilier » keep their first word."""
    words = name.split()
    if len(words) < 3 or not (2 <= len(words[0]) <= 5 and words[0].isalpha() and words[0].isupper()) or is_legal_form(words[0]):
        return name  # « SCI Saint Charles Immobilier »: a legal form first is part of the name
    rest = [w for w in words[1:] if fold(w).strip(".,") not in _NAME_CONNECTORS]
    unformed = list(rest)
    while unformed and is_legal_form(unformed[-1].rstrip(",.")):
        unformed.pop()  # "KLT KESTREL LOGISTICS TRANSPORT LIMITED": initials with or without the form
    if any(words[0] == "".join(w[0] for w in run).upper() for run in (rest, unformed) if len(run) == len(words[0])):
        return " ".join(words[1:])
    return name  # a word said twice is a name ("WALLA WALLA FOODS INC."), but where a table's row repeats it (:func:`_numbered_companies`)


# What a party's name never is, whatever rule found it: a blank to fill in (« ______ », "[company name]",
# "<Company name>"), a signature line ("By: ____ Name:"), an enumerated item ("b. The RFP"), a sentence's
# first word ("In", "When", "Re"), a date ("April 25"), or the document itself ("Non-Disclosure Agreement",
# "UNDERTAKING", « Contrat de prestation »).
_BLANK_OR_FORM = re.compile(r"_{2,}|\.{4,}|…|\[|\]|<|>|\b(?:By|Name|Title|Nom|Titre)\s*:|\((?:signature|print|date)\b", re.I)
_ENUMERATED = re.compile(r"^\(?(?:[a-z]|[ivx]{1,4}|\d{1,2})[.)]\s")  # "b. The RFP", "(ii) …"; not "M. Paul Roux"
_NOT_A_FIRST_WORD = frozenset(
    "in re when where whereas if any each all such these those upon with you your we attn attention "
    "notwithstanding provided pursuant during regarding concerning lorsque quand si tout toute "
    "itself themselves their they to".split()  # "ITSELF AND ITS ADVERTISER/CLIENT", "TO BE SIGNED ELECTRONICALLY …" (not "IT", "US", "ITS": acronyms)
)
# Words that open a recital or the operative part, never a name: "NOW THEREFORE Acme Inc." is Acme Inc.
_LEADING_FORMULA = re.compile(
    r"^(?:(?:NOW,?\s+)?THEREFORE,?|WHEREAS,?|WITNESSETH:?|RECITALS:?|BACKGROUND:?|CONSIDÉRANT\s+QUE"
    # a cover's date line run into the first name: "DATED 26 September 2019 ⏎ BicycleTX Ltd", « EN DATE DU 26 septembre 2019 »
    rf"|(?:DATED|Dated|EN\s+DATE\s+DU|En\s+date\s+du)\s*:?\s*(?:the\s+)?{DATE_PATTERN}\s*)\s+",
    re.I,
)
# A label before a party in a list of parties: "Party A: Rise (Tianjin) … Co., Ltd.", « Partie 1 : Acme SAS ».
_PARTY_LABEL = re.compile(r"^(?:Party|PARTY|Partie|PARTIE)\s+(?:[A-Z]|\d{1,2})\s*:\s*")
# A dash inside one name, which an alias in parentheses closes: "National Football League Alumni - Northern California
# Chapter ("NFLA-NC")" — not "ACME INC. - CONFIDENTIAL" nor "Acme - 12 rue …".
_DASH_IN_NAME = re.compile(r"[-–]\s+(?P<rest>(?:[A-Z][\w'’.&]*\s+){0,5}?[A-Z][\w'’.&]*)\s*\(\s*(?:the\s+)?[\"“'«]")
_NOT_A_LAST_WORD = frozenset("street avenue road boulevard blvd floor suite parkway highway no number nr num".split())
_STREET_WORDS = frozenset("street st avenue ave road rd boulevard blvd drive dr lane ln way parkway highway suite floor rue allee quai chemin route place cours impasse".split())
_DIRECTIONS = frozenset("north south east west n s e w ne nw se sw northeast northwest southeast southwest".split())


def _street_address(folded: list[str]) -> bool:
    """A number, then a street: French « 12 rue de la Paix » (the street word right after the number), English "3900A 31st
    Street North" (only a direction or a number after the street word) — not "5th Avenue Capital" nor "21st Century Road Holdings"."""
    if re.fullmatch(r"\d{1,5}(?:bis|ter)?", folded[0]) and len(folded) > 2 and (
        folded[1] in ("rue", "allee", "quai", "chemin", "cours", "impasse", "bd")
        or (folded[1] in ("avenue", "boulevard", "place", "route") and folded[2] in ("de", "du", "des", "d", "la", "le", "l"))
    ):
        return True
    for k, word in enumerate(folded[1:], start=1):
        if word in _STREET_WORDS:
            return all(w in _DIRECTIONS or w.isdigit() for w in folded[k + 1 :])
    return False


_PLACEHOLDER_WORDS = frozenset("enter insert nom name".split())
# A field's label, alone, where a name stands: "Agreement Number: N115", "Date:", « Référence : »
_FIELD_LABELS = frozenset("number date name title reference ref address telephone phone fax email numero adresse".split())
# A postal code with letters and figures: Canadian "V6B 1B7", British "SW1A 1AA", Dutch "1012 AB" is figures first (a name never is)
_PROVINCE_AND_CODE = re.compile(r"[A-Z]{2} [A-Z]\d[A-Z]")  # "ON M5V" before "2T6", cut at the figure that starts the second half
_POSTAL_CODE = re.compile(r"[A-Z]\d[A-Z] ?\d[A-Z]\d|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}")
# English legal forms that start no name but one with a form of its own ("INC Research, LLC"): what a line cut from the name
# before leaves ("Inc. Bridgewater"); not SAS, AG, LLP, LLC ("SAS Institute", "AG Mortgage", "LLP Taraz Transit" the CIS way)
_FORMS_THAT_END_A_NAME = frozenset("inc incorporated corp plc".split())
_FRENCH_DOCUMENT_NOUNS = frozenset("contrat convention accord avenant protocole".split())
_DOCUMENT_NOUNS = frozenset(
    "agreement agreements contract contracts undertaking undertakings memorandum addendum amendment deed nda mnda "
    "contrat convention accord avenant protocole engagement".split()
)


# A trade registry written where a name stands: « RCS Lyon », « R.C.S. de Nanterre », « Registre du Commerce et des Sociétés de
# Lyon », "Companies House", "Trade Register of Vienna", « Handelsregister »
_REGISTRY = re.compile(
    r"(?i)^(?:r\.?\s?c\.?\s?s\.?(?:\s|$)|registre\s+(?:du\s+commerce|des\s+soci[ée]t[ée]s)|companies\s+(?:house|regist(?:er|ry))"
    r"|(?:trade|commercial)\s+(?:and\s+companies\s+)?regist(?:er|ry)|handelsregister|banque-carrefour\s+des\s+entreprises)"
)


def implausible_name(name: str) -> str | None:
    """Why ``name`` cannot be a party's name (a blank, a signature line, an enumerated item, a sentence's
    first word, a date, the document's own title), or ``None`` when it can be."""
    words = name.split()
    if not words:
        return "empty"
    folded = [re.sub(r"['’]s$", "", fold(w).strip(".,;:'’()")) for w in words]  # "Party’s" is "party"
    if _BLANK_OR_FORM.search(name) or name.count("(") != name.count(")") or re.search(r"[\"“”«»]", name):
        return "a blank, a form line or a quotation"
    if _ENUMERATED.match(name):
        return "an enumerated item"
    if not re.search(r"[^\W\d_]", name):
        return "no letter"
    if len(words) == 2 and folded[0] in MONTHS and folded[1].isdigit():
        return "a date"
    if re.fullmatch(r"(?:U\.?\s?S\.?(?:\s?A\.?)?|U\.?\s?K\.?|E\.?\s?U\.?|R\.?-?\s?U\.?)", name.strip()):
        return "a country's initials"  # "U.S. registered broker-dealer", « R.-U. »
    if folded[0] in _PLACEHOLDER_WORDS:
        return "a template's instruction"  # "(Enter Name of Recipient)", « (Nom de la société) »
    if len(words) > 1 and any(is_legal_form(w) for w in words[1:]):
        return None  # "US Foods, Inc.", "In Vivo Therapeutics Corporation", "Agreement Holdings Inc.", "INC Research, LLC"
    if len(words) > 1 and folded[0] in _FORMS_THAT_END_A_NAME and words[0][:1].isupper():
        return "a legal form that ends the name before it"  # "Inc. Bridgewater": "… the BISYS Group, Inc. ⏎ Bridgewater, NJ"
    if _REGISTRY.match(name):
        return "a trade registry"  # "RCS Lyon 954 321 098 (« le Prêteur »)": the registry before a defined name
    if folded[0] in _NOT_A_FIRST_WORD:
        return "a sentence's first word"
    if any(w in ("party", "parties", "partie") for w in folded) or (len(words) > 1 and folded[-1] in ("person", "persons", "personne")):
        return "a role"  # "RECEIVING PARTY IDENTIFIED", "Disclosing Party", "Additional Reporting Person"
    if folded[0] in ("affiliates", "affiliate", "subsidiaries", "filiales") and len(words) <= 2:
        return "a party's affiliates"  # "Affiliates": "Acme, LLC and its Affiliates"
    if any(w in ("officer", "president", "secretary", "treasurer") for w in folded):
        return "a signatory's title"  # "Contracts Officer", "Vice President"
    french_title = folded[0] in _FRENCH_DOCUMENT_NOUNS and (len(folded) == 1 or folded[1] in ("de", "d", "du", "des", "cadre", "n", "no"))
    if any(w in ("agreement", "agreements", "nda", "mnda", "form") for w in folded) or folded[-1] in _DOCUMENT_NOUNS or french_title:
        return "the document's own title"  # "Non-Disclosure Agreement", "UNDERTAKING", « Contrat de prestation »; not "Accord Healthcare"
    if re.search(r"\b[a-z]{3,}\.\s+[A-Z]", name) and not any(is_legal_form(w) for w in words):
        return "two sentences"  # "Purpose. The Recipient"
    if folded[-1] in _NOT_A_LAST_WORD and len(words) > 1:
        return "an address or a reference number"
    if (len(words) == 1 and folded[0] in _FIELD_LABELS) or folded[-2:] in (["effective", "date"], ["date", "d"]):
        return "a field's label"  # "Agreement Number: N115" read "Number", "ENDORSEMENT Effective Date: July 1, 2019"
    if any(_POSTAL_CODE.fullmatch(w) for w in words) or (len(words) > 1 and _POSTAL_CODE.fullmatch(" ".join(words[-2:]))) or _PROVINCE_AND_CODE.fullmatch(name):
        return "a postal code"  # "Vancouver, BC V6B1B7", "London SW1A 1AA"
    if re.match(r"\d", words[0]) and _street_address(folded):
        return "a street address"  # "3900A 31st Street North", « 12 rue de la Paix »; not "5th Avenue Capital"
    if folded[0] in ("address", "adresse", "addresse") and (len(words) == 1 or re.match(r"(?i)(?:room|suite|no\b|n°|\d)", words[1])):
        return "a label"  # "Address: Room C209 …"; not "Address Systems"
    if folded[0] in ("court", "tribunal", "cour") and len(folded) > 1 and folded[1] in ("of", "de", "d"):
        return "a court"  # « Tribunal de commerce de Paris », not "Court Square Capital Partners"
    if re.search(r"\b(?:northern|southern|eastern|western|central|middle) district of\b", " ".join(folded)):
        return "a court"  # "Southern District of New York", not "District of Columbia" nor "School District of Philadelphia"
    return None


_SOCIETE_NAME = re.compile(r"^(?:Soci[ée]t[ée]|SOCI[ÉE]T[ÉE])\s+[A-ZÀ-Þ][\w'’-]+(?=\s*(?:[,(«]|ci-|$))")
# A building's owners as a party: « Le Syndicat des copropriétaires de l'immeuble « Résidence Les Hortensias », sis … » (its name has
# words in lower case, up to the comma; it was cut to « Syndicat »: walkthrough 22)
_CO_OWNERS = re.compile(
    r"^(?i:syndicat)\s+(?i:des\s+copropri[ée]taires|de\s+(?:la\s+)?copropri[ée]t[ée])\b[^,;()]{0,120}?"
    r"(?=\s*(?:[,;(]|ci-|$|(?i:sis|sise|situ[ée]e?|repr[ée]sent[ée]e?|pris\s+en|domicili[ée]e?)\b))"
)


# Words no party name holds: what a filing's cover, a heading or a sentence writes where a name was looked for
# ("REDACTED COPY CONFIDENTIAL TREATMENT REQUESTED", "LIMITED POWER OF ATTORNEY KNOW ALL MEN", "INTRODUCTION A. BKC").
_DOCUMENT_WORDS = frozenset(
    "pursuant redacted confidential treatment requested portions introduction recitals witnesseth whereas hereinafter "
    "attorney-in-fact signatory know".split()
)
# First words that start a sentence, not a name ("Up to 2,445,223 Shares", "As of the date…", "FOR THE DEVELOPMENT…").
_SENTENCE_STARTS = frozenset("up as to for from upon under subject notwithstanding dated except unless if".split())


_ROMAN = re.compile(r"(?:I{1,3}|IV|V|VI{1,3}|IX|X)")


def _is_place(word: str) -> bool:
    """A US state or a country ("Pennsylvania", "Delaware", "Canada"): what "X, Inc. of …" names as part of a company's name."""
    return word[:1].isupper() and (fold(word) == "america" or match_law(f"laws of {word}") is not None)  # "… Corporation of America"


def _not_a_name(words: list[str], folded: list[str]) -> bool:
    if any(w in _DOCUMENT_WORDS for w in folded):
        return True
    return folded[0] in _SENTENCE_STARTS and not any(is_legal_form(w) for w in words[1:])


def _for_inside_a_name(tokens: list[re.Match[str]], index: int) -> bool:
    """A lower-case "for" between capitalised words of one name: "Centre for Probe Development and Commercialization",
    "Thrivent Financial for Lutherans", "Institute for Systems Biology" — not "Acme Inc. for the benefit of", "Acme for itself"."""
    if tokens[index].group(0) not in ("for", "For") or index + 1 >= len(tokens):
        return False  # "Food For Athletes, Inc." in title case too (not "FOR" in a heading's capitals)
    before, after = tokens[index - 1].group(0), tokens[index + 1].group(0)
    return before[:1].isupper() and before[-1:].isalnum() and not is_legal_form(before.rstrip(".")) and after[:1].isupper() and fold(after) not in ("the", "a", "an", "its", "itself", "themselves", "value", "purposes", "use")


def _dash_inside_a_name(text: str, tokens: list[re.Match[str]], index: int) -> bool:
    """A dash between capitalised words of one name that a quoted alias closes ("National Football League Alumni - Northern
    California Chapter ("NFLA-NC")") — not after a legal form, nor before a document or role word ("Acme - Licensor (…)")."""
    before = tokens[index - 1].group(0) if index > 0 else ""
    if not before[:1].isupper() or is_legal_form(before.rstrip(",.")):
        return False
    dash = _DASH_IN_NAME.match(text, tokens[index].start())
    return dash is not None and not any((word := fold(w).strip(".,")) in _DOCUMENT_WORDS or word in _ROLE_WORDS for w in dash["rest"].split())


_GMBH_CO_KG = re.compile(r"&\s+(?i:Co\.?|Cie\.?)\s+(?:KGaA|KG|OHG)\b")


def _capital_word_inside_a_name(tokens: list[re.Match[str]], index: int) -> bool:
    """A short word in capitals between the capitals of one name that a legal form ends within four words: "YOU ON DEMAND
    HOLDINGS, INC.", "BORN TO RUN PRODUCTIONS LLC" — not "ACME INC. ON BEHALF OF", nor a word after a comma."""
    core, before = tokens[index].group(0), tokens[index - 1].group(0)
    if not (core.isalpha() and core.isupper() and len(core) <= 3 and before.isupper() and before[-1:].isalnum() and not is_legal_form(before)):
        return False
    following = tokens[index + 1].group(0).rstrip(",;:") if index + 1 < len(tokens) else ""
    if following in ("BEHALF", "TRUST", "ITS", "THE", "AS", "BY", "HIS", "HER", "THEIR"):
        return False  # "JOHN SMITH ON BEHALF OF ACME LLC", "ACME HOLDINGS IN TRUST FOR BETA LLC": a role, then another name
    for position, ahead in enumerate(tokens[index + 1 : index + 5]):
        word = ahead.group(0).rstrip(",;:")
        if position > 0 and is_legal_form(word):
            return True
        if not (word[:1].isupper() and word.upper() == word) or (ahead.group(0).endswith((";", ":"))):
            return False
        if ahead.group(0).endswith(",") and not (position + 1 < 4 and index + position + 2 < len(tokens) and is_legal_form(tokens[index + position + 2].group(0).rstrip(",;:."))):
            return False
    return False


def _inside_a_name(tokens: list[re.Match[str]], index: int) -> bool:
    """A lower-case second word of a company name: "Petro data Management Services Limited" goes on to
    capitalised words and a legal form within four words (a later lower-case word is a verb as often:
    « Cabinet Ferrand Avocats conseille Solveig Médical SAS »)."""
    core = tokens[index].group(0)
    if index != 1 or not core.isalpha() or not core.islower() or _NAME_STOP.match(core) or fold(core) in _HARD_STOP:
        return False
    for ahead in tokens[index + 1 : index + 5]:
        word = ahead.group(0).rstrip(",;:")
        if is_legal_form(word):
            return True
        if not word[:1].isupper():
            return False
    return False


def _inner_parenthesis(text: str, start: int) -> int | None:
    """The end of a short parenthesis inside a name ("(USA)", "(Shanghai)"), ``None`` for anything else."""
    close = text.find(")", start)
    if close < 0 or close - start > 30:
        return None
    inner = text[start + 1 : close]
    if re.search(r"[\"“”«»]|\b[a-z]{3,}\b", inner):
        return None
    return close + 1


def _trim_connectors(name: str) -> str:
    words = name.split()
    while words and fold(words[-1]).strip(".,") in _NAME_CONNECTORS:
        words.pop()
    return " ".join(words)


# Legal forms written as abbreviations, whose final period is theirs: "Inc.", "Ltd.", "Co." (a form with a period
# inside, "S.A." or "L.L.C.", keeps it too). An acronym or a whole word ("SAS", "LLC", "GmbH", "Limited") takes none.
_ABBREVIATED_FORMS = frozenset("inc corp ltd co cie bhd pte pvt pty ltda lda sdn incorp".split())


def _drop_final_period(name: str) -> str:
    """"Groupe Talvera." ends a sentence; "Veltris Pharma Inc." keeps its abbreviation; "Lisandre
    Manufacture SAS." ends a sentence too: « SAS », "LLC", "GmbH" are no abbreviations that take a period."""
    if not name.endswith("."):
        return name
    last = name.split()[-1].rstrip(".")
    if is_legal_form(last + ".") and ("." in last or fold(last).strip(",") in _ABBREVIATED_FORMS):
        return name
    return name.rstrip(".")


# A capitalised article that is part of a company's name: « LES INFUSIONS DE CAMILLE SARL », "THE HARTWELL GROUP
# LIMITED" (the article as the register writes it), unlike « la société X » or "the Company": there the article
# introduces the name. Only an article in capitals, before a name in capitals that ends with its legal form.
_NAME_ARTICLE = re.compile(r"^(?:(?:ENTRE|ET|AND|BETWEEN|et|and|entre|between)\s*:?\s*|:\s*)*(?P<article>LES|LE|LA|THE|L['’])(?:\s+|(?<=['’]))(?=[A-ZÀ-Þ0-9])")
_ARTICLE_NOT_OF_A_NAME = re.compile(r"^(?:SOCI[ÉE]T[ÉE]|COMPANY|CORPORATION)\b")


def name_article(text: str, name: str) -> str:
    """The article that starts ``text`` (after « ET : », "and") and belongs to ``name``, read after it: « LES »
    for « LES INFUSIONS DE CAMILLE SARL, … »; ``""`` for « la société X », "The Company", a name in
    lower-case letters or one without a legal form at its end."""
    match = _NAME_ARTICLE.match(text.lstrip(" ,;:.«»\"“”("))
    if match is None or not name:
        return ""
    after = text.lstrip(" ,;:.«»\"“”(")[match.end() :]
    words = name.split()
    if not after.startswith(words[0]) or _ARTICLE_NOT_OF_A_NAME.match(after) or name.upper() != name:
        return ""
    if len(words) < 2 or not is_legal_form(words[-1]):
        return ""
    article = match.group("article")
    return article if article.endswith(("'", "’")) else article + " "
