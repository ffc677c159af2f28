"""The vocabulary of governing laws and contract types: canonical French labels and their wordings.

Every value a data room holds or a filter names goes through the same functions: :func:`match_law`
and :func:`match_contract_type` find the canonical label written in free text (French or English,
folded: « droit de l'État de New York » = "New York law" = "laws of the State of New York" = « droit de
New York »), :func:`normalize_law` and :func:`normalize_contract_type` keep an unknown value as
written. :func:`law_suggestions` and :func:`type_suggestions` name the labels closest to a value that
is no law or type at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from difflib import get_close_matches
from functools import lru_cache

from greffier.dataroom.normalize import fold

# (English name, French name after « droit de l'État », label). New York, Delaware and California have
# their own entries below (their labels predate this table).
_US_STATES: tuple[tuple[str, str, str], ...] = tuple(
    (english, french, f"droit de l'État {article}{french}")
    for english, french, article in (
        ("alabama", "Alabama", "de l'"), ("alaska", "Alaska", "de l'"), ("arizona", "Arizona", "de l'"), ("arkansas", "Arkansas", "de l'"),
        ("colorado", "Colorado", "du "), ("connecticut", "Connecticut", "du "), ("florida", "Floride", "de "), ("georgia", "Géorgie", "de "),
        ("hawaii", "Hawaï", "d'"), ("idaho", "Idaho", "de l'"), ("illinois", "Illinois", "de l'"), ("indiana", "Indiana", "de l'"),
        ("iowa", "Iowa", "de l'"), ("kansas", "Kansas", "du "), ("kentucky", "Kentucky", "du "), ("louisiana", "Louisiane", "de "),
        ("maine", "Maine", "du "), ("maryland", "Maryland", "du "), ("massachusetts", "Massachusetts", "du "), ("michigan", "Michigan", "du "),
        ("minnesota", "Minnesota", "du "), ("mississippi", "Mississippi", "du "), ("missouri", "Missouri", "du "), ("montana", "Montana", "du "),
        ("nebraska", "Nebraska", "du "), ("nevada", "Nevada", "du "), ("new hampshire", "New Hampshire", "du "),
        ("new jersey", "New Jersey", "du "), ("new mexico", "Nouveau-Mexique", "du "), ("north carolina", "Caroline du Nord", "de "),
        ("north dakota", "Dakota du Nord", "du "), ("ohio", "Ohio", "de l'"), ("oklahoma", "Oklahoma", "de l'"), ("oregon", "Oregon", "de l'"),
        ("pennsylvania", "Pennsylvanie", "de "), ("rhode island", "Rhode Island", "du "), ("south carolina", "Caroline du Sud", "de "),
        ("south dakota", "Dakota du Sud", "du "), ("tennessee", "Tennessee", "du "), ("texas", "Texas", "du "), ("utah", "Utah", "de l'"),
        ("vermont", "Vermont", "du "), ("virginia", "Virginie", "de "), ("washington", "Washington", "de "),
        ("west virginia", "Virginie-Occidentale", "de "), ("wisconsin", "Wisconsin", "du "), ("wyoming", "Wyoming", "du "),
    )
)
_US_STATES += (("district of columbia", "District de Columbia", "droit du District de Columbia"),)
_PROVINCES: tuple[tuple[str, str, str], ...] = (
    ("ontario", "l'ontario", "droit de l'Ontario"), ("british columbia", "la colombie-britannique", "droit de la Colombie-Britannique"),
    ("alberta", "l'alberta", "droit de l'Alberta"), ("nova scotia", "la nouvelle-ecosse", "droit de la Nouvelle-Écosse"),
    ("manitoba", "le manitoba", "droit du Manitoba"), ("new brunswick", "le nouveau-brunswick", "droit du Nouveau-Brunswick"),
    ("saskatchewan", "la saskatchewan", "droit de la Saskatchewan"), ("victoria", "l'etat de victoria", "droit de l'État de Victoria (Australie)"),
    ("new south wales", "la nouvelle-galles du sud", "droit de la Nouvelle-Galles du Sud"),
    ("queensland", "queensland", "droit du Queensland"), ("western australia", "australie-occidentale", "droit de l'Australie-Occidentale"),
    ("south australia", "australie-meridionale", "droit de l'Australie-Méridionale"), ("tasmania", "tasmanie", "droit de la Tasmanie"),
    ("australian capital territory", "territoire de la capitale australienne", "droit du Territoire de la capitale australienne"),
    ("northern territory", "territoire du nord", "droit du Territoire du Nord (Australie)"),
    ("newfoundland(?: and labrador)?", "terre-neuve-et-labrador", "droit de Terre-Neuve-et-Labrador"),
    ("prince edward island", "ile-du-prince-edouard", "droit de l'Île-du-Prince-Édouard"),
    ("yukon", "yukon", "droit du Yukon"),
)
# label → (English adjective, English country name, French adjective stem, French country name)
_COUNTRIES: dict[str, tuple[str, str, str, str]] = {
    "droit chinois": ("chinese|prc", r"(?:the )?people'?s republic of china|(?:the )?prc|china|mainland china", "chinois", "(?:la )?chine"),
    "droit de Hong Kong": ("hong kong", r"(?:the )?hong kong(?: special administrative region)?(?: sar)?", "hongkongais", "hong kong"),
    "droit taïwanais": ("taiwan(?:ese)?", r"taiwan(?:, republic of china| \(r\.?o\.?c\.?\))?|(?:the )?republic of china", "taiwanais", "taiwan"),
    "droit japonais": ("japanese", "japan", "japonais", "(?:le )?japon"),
    "droit israélien": ("israeli", "(?:the state of )?israel", "israelien", "israel"),
    "droit indien": ("indian", "(?:the republic of )?india", "indien", "(?:l')?inde"),
    "droit singapourien": ("singapore(?:an)?", "(?:the republic of )?singapore", "singapourien", "singapour"),
    "droit coréen": ("(?:south )?korean", "(?:the republic of |south )?korea", "coreen", "(?:la )?coree(?: du sud)?"),
    "droit australien": ("australian", "(?:the commonwealth of )?australia", "australien", "(?:l')?australie"),
    "droit canadien": ("canadian", "canada", "canadien", "(?:le )?canada"),
    "droit mexicain": ("mexican", "(?:the united )?mexic(?:o|an states)", "mexicain", "(?:le )?mexique"),
    "droit brésilien": ("brazilian", "(?:the federative republic of )?brazil", "bresilien", "(?:le )?bresil"),
    "droit colombien": ("colombian", "(?:the republic of )?colombia", "colombien", "(?:la )?colombie"),
    "droit kazakh": ("kazakh(?:stani)?", "(?:the republic of )?kazakhstan", "kazakh", "(?:le )?kazakhstan"),
    "droit sud-africain": ("south african", "(?:the republic of )?south africa", "sud-africain", "(?:l')?afrique du sud"),
    "droit de Papouasie-Nouvelle-Guinée": ("papua new guinean", "papua new guinea", "papou", "(?:la )?papouasie-nouvelle-guinee"),
    "droit autrichien": ("austrian", "austria", "autrichien", "(?:l')?autriche"),
    "droit portugais": ("portuguese", "portugal", "portugais", "(?:le )?portugal"),
    "droit suédois": ("swedish", "sweden", "suedois", "(?:la )?suede"),
    "droit norvégien": ("norwegian", "norway", "norvegien", "(?:la )?norvege"),
    "droit danois": ("danish", "denmark", "danois", "(?:le )?danemark"),
    "droit finlandais": ("finnish", "finland", "finlandais", "(?:la )?finlande"),
    "droit polonais": ("polish", "poland", "polonais", "(?:la )?pologne"),
    "droit marocain": ("moroccan", "(?:the kingdom of )?morocco", "marocain", "(?:le )?maroc"),
    "droit tunisien": ("tunisian", "tunisia", "tunisien", "(?:la )?tunisie"),
    "droit des Émirats arabes unis": ("emirati|uae", r"(?:the )?united arab emirates|(?:the )?uae|(?:the emirate of )?(?:dubai|abu dhabi)", "emirien", "(?:les )?emirats arabes unis"),
    # Other jurisdictions commercial contracts are often governed by (Europe, the offshore centres, the Americas, Asia,
    # the Middle East, Africa): a contract under any of them is read, filtered and flagged like the others.
    "droit grec": ("greek|hellenic", "(?:the hellenic republic|greece)", "grec", "(?:la )?grece"),
    "droit chypriote": ("cypriot", "(?:the republic of )?cyprus", "chypriote", "chypre"),
    "droit maltais": ("maltese", "(?:the republic of )?malta", "maltais", "malte"),
    "droit tchèque": ("czech", "(?:the )?czech republic|czechia", "tcheque", "(?:la )?republique tcheque"),
    "droit slovaque": ("slovak", "(?:the )?slovak republic|slovakia", "slovaque", "(?:la )?slovaquie"),
    "droit hongrois": ("hungarian", "hungary", "hongrois", "(?:la )?hongrie"),
    "droit roumain": ("romanian", "romania", "roumain", "(?:la )?roumanie"),
    "droit bulgare": ("bulgarian", "(?:the republic of )?bulgaria", "bulgare", "(?:la )?bulgarie"),
    "droit croate": ("croatian", "(?:the republic of )?croatia", "croate", "(?:la )?croatie"),
    "droit slovène": ("slovenian|slovene", "(?:the republic of )?slovenia", "slovene", "(?:la )?slovenie"),
    "droit serbe": ("serbian", "(?:the republic of )?serbia", "serbe", "(?:la )?serbie"),
    "droit estonien": ("estonian", "(?:the republic of )?estonia", "estonien", "(?:l')?estonie"),
    "droit letton": ("latvian", "(?:the republic of )?latvia", "letton", "(?:la )?lettonie"),
    "droit lituanien": ("lithuanian", "(?:the republic of )?lithuania", "lituanien", "(?:la )?lituanie"),
    "droit islandais": ("icelandic", "iceland", "islandais", "(?:l')?islande"),
    "droit du Liechtenstein": ("liechtenstein", "(?:the principality of )?liechtenstein", "liechtensteinois", "(?:du )?liechtenstein"),
    "droit russe": ("russian", "(?:the )?russian federation|russia", "russe", "(?:la )?(?:federation de )?russie"),
    "droit ukrainien": ("ukrainian", "ukraine", "ukrainien", "(?:l')?ukraine"),
    "droit turc": ("turkish", "(?:the republic of )?(?:turkey|turkiye)", "turc", "(?:la )?turquie"),
    "droit de Jersey": ("jersey", "(?:the (?:bailiwick|island) of )?jersey(?! city)", "jersiais", "jersey"),
    "droit de Guernesey": ("guernsey", "(?:the (?:bailiwick|island) of )?guernsey", "guernesiais", "guernesey"),
    "droit de l'île de Man": ("manx", "(?:the )?isle of man", "mannois", "(?:l')?ile de man"),
    "droit de Gibraltar": ("gibraltar", "gibraltar", "gibraltarien", "gibraltar"),
    "droit d'Irlande du Nord": ("northern irish", "northern ireland", "nord-irlandais", "(?:l')?irlande du nord"),
    "droit des Bermudes": ("bermud(?:a|ian)", "bermuda", "bermudien", "(?:les )?bermudes"),
    "droit des îles Caïmans": ("cayman(?: islands)?", r"(?:the )?cayman islands", "caimanais", "(?:les )?iles ca[iy]mans?"),
    "droit des îles Vierges britanniques": ("bvi|british virgin islands", r"(?:the )?british virgin islands|(?:the )?bvi", "des iles vierges", "(?:les )?iles vierges britanniques"),
    "droit des Bahamas": ("bahamian", "(?:the (?:commonwealth of (?:the )?)?)?bahamas", "bahamien", "(?:les )?bahamas"),
    "droit de Porto Rico": ("puerto rican?", "(?:the commonwealth of )?puerto rico", "portoricain", "porto rico"),
    "droit argentin": ("argentin(?:e|ian)", "(?:the )?argentin(?:e republic|a)", "argentin", "(?:l')?argentine"),
    "droit chilien": ("chilean", "(?:the republic of )?chile", "chilien", "(?:le )?chili"),
    "droit péruvien": ("peruvian", "(?:the republic of )?peru", "peruvien", "(?:le )?perou"),
    "droit vénézuélien": ("venezuelan", "venezuela", "venezuelien", "(?:le )?venezuela"),
    "droit uruguayen": ("uruguayan", "uruguay", "uruguayen", "(?:l')?uruguay"),
    "droit panaméen": ("panamanian", "(?:the republic of )?panama", "panameen", "(?:le )?panama"),
    "droit costaricien": ("costa rican", "costa rica", "costaricien", "(?:le )?costa rica"),
    "droit néo-zélandais": ("new zealand", "new zealand", "neo-zelandais", "(?:la )?nouvelle-zelande"),
    "droit thaïlandais": ("thai", "(?:the kingdom of )?thailand", "thailandais", "(?:la )?thailande"),
    "droit malaisien": ("malaysian", "malaysia", "malaisien", "(?:la )?malaisie"),
    "droit indonésien": ("indonesian", "(?:the republic of )?indonesia", "indonesien", "(?:l')?indonesie"),
    "droit philippin": ("philippine", "(?:the republic of )?(?:the )?philippines", "philippin", "(?:les )?philippines"),
    "droit vietnamien": ("vietnamese", "(?:the socialist republic of )?viet ?nam", "vietnamien", "(?:le )?viet ?nam"),
    "droit pakistanais": ("pakistani", "(?:the islamic republic of )?pakistan", "pakistanais", "(?:le )?pakistan"),
    "droit de Macao": ("macau|macao", "(?:the )?maca[uo](?: special administrative region)?(?: sar)?", "macanais", "macao"),
    "droit saoudien": ("saudi(?: arabian)?", "(?:the kingdom of )?saudi arabia", "saoudien", "(?:l')?arabie saoudite"),
    "droit qatarien": ("qatari", "(?:the state of )?qatar", "qatar(?:ien|i)", "(?:le )?qatar"),
    "droit koweïtien": ("kuwaiti", "(?:the state of )?kuwait", "koweitien", "(?:le )?koweit"),
    "droit bahreïnien": ("bahraini", "(?:the kingdom of )?bahrain", "bahreini(?:en)?", "(?:le )?bahrein"),
    "droit omanais": ("omani", "(?:the sultanate of )?oman", "omanais", "(?:le sultanat d')?oman"),
    "droit jordanien": ("jordanian", "(?:the (?:hashemite )?kingdom of )?jordan", "jordanien", "(?:la )?jordanie"),
    "droit libanais": ("lebanese", "(?:the republic of )?lebanon", "libanais", "(?:le )?liban"),
    "droit égyptien": ("egyptian", "(?:the arab republic of )?egypt", "egyptien", "(?:l')?egypte"),
    "droit algérien": ("algerian", "algeria", "algerien", "(?:l')?algerie"),
    "droit sénégalais": ("senegalese", "(?:the republic of )?senegal", "senegalais", "(?:le )?senegal"),
    "droit ivoirien": ("ivorian", "cote d'ivoire|(?:the )?ivory coast", "ivoirien", "(?:la )?cote d'ivoire"),
    "droit camerounais": ("cameroonian", "(?:the republic of )?cameroon", "camerounais", "(?:le )?cameroun"),
    "droit nigérian": ("nigerian", "(?:the federal republic of )?nigeria", "nigerian", "(?:le )?nigeria"),
    "droit ghanéen": ("ghanaian", "(?:the republic of )?ghana", "ghaneen", "(?:le )?ghana"),
    "droit kényan": ("kenyan", "(?:the republic of )?kenya", "kenyan", "(?:le )?kenya"),
    "droit mauricien": ("mauritian", "(?:the republic of )?mauritius", "mauricien", "(?:l')?ile maurice|(?:la )?republique de maurice"),
}


def _state_patterns(english: str, french: str) -> tuple[str, ...]:
    name = english.replace(" ", r"[ -]")
    not_west = r"(?<!west )" if english == "virginia" else ""
    not_new = r"(?<!new )" if english in ("mexico", "jersey") else ""
    folded_french = re.escape(fold(french)).replace(r"\-", "[- ]")
    return (
        rf"laws? (?:and (?:judicial )?decisions )?(?:of|(?:in force|in effect|applicable) in) (?:the )?(?:internal )?(?:s[it]ate|commonwealth) of {name}\b",
        rf"(?:internal|substantive) laws? (?:of )?(?:the )?state of {name}\b",
        rf"laws? of [^.;]{{0,60}}?\b(?:state|commonwealth) of {name}\b",
        rf"\b(?:state|commonwealth) of {name}\b[^.;]{{0,200}}\blaws? thereof\b",
        rf"{not_west}{not_new}\b{name}(?: state)? laws?\b",
        rf"laws? of (?:the )?{not_west}{name}\b",
        rf"droit (?:de l'etat )?(?:de |du |d'|de l')?{folded_french}\b",
        rf"^(?:(?:the )?(?:state|commonwealth) of )?{name}(?:, (?:usa|u\.s\.a?\.?|united states))?$",
        rf"^(?:l'etat )?(?:de |du |d'|de l')?{folded_french}$",
    )


def _province_patterns(english: str, french: str) -> tuple[str, ...]:
    name = english.replace(" ", r"[ -]")
    folded = re.escape(re.sub(r"^(?:le |la |l')", "", fold(french))).replace(r"\-", "[- ]")
    return (
        rf"laws? of (?:the )?(?:province|state) of {name}\b", rf"\b{name} laws?\b", rf"laws? of (?:the )?{name}\b",
        rf"droit (?:de la province )?(?:de |du |de la |d'|de l')?{folded}\b",
        rf"^(?:(?:the )?(?:province|state) of )?{name}(?:,\s*(?:canada|australia))?$", rf"^(?:le |la |l')?{folded}$",
    )


# "the laws of the Republic of Austria", "of the Grand Duchy of Luxembourg": a country named by its state's form (not "the
# Republic of China", which is Taiwan's)
_STATE_FORM = r"(?:(?:federal |people'?s |federative |united |swiss )?(?:republic|kingdom|state|commonwealth|principality|confederation)|grand duchy)"


def _country_patterns(adjective: str, country: str, french_adjective: str, french_country: str) -> tuple[str, ...]:
    return (
        rf"\b(?:{adjective}) laws?\b", rf"(?:laws?|legislation) of (?:the )?(?:(?!republic of china\b){_STATE_FORM} of (?:the )?)?(?:{country})\b", rf"(?:droit|loi) (?:{french_adjective})\b",
        rf"droit (?:de |du |de la |des |d')?(?:{french_country})\b",
        rf"^(?:the )?(?:(?:federal |people'?s )?(?:republic|kingdom|state|commonwealth) of )?(?:{country})$", rf"^(?:{french_country})$",
    )


US_FEDERAL_LAW = "droit fédéral des États-Unis"
#: Canonical label → patterns on folded text. The first match in the text wins (see :func:`match_law`).
LAW_LABELS: dict[str, tuple[str, ...]] = {
    "droit français": (
        r"droit francais", r"lois? francaises?", r"french laws?", r"laws? of (?:the (?:french )?republic of )?france",
        r"droit (?:de la republique )?(?:de la )?france", r"(?:droit|lois?) de la republique francaise", r"droit de france", r"^(?:la )?(?:france|republique francaise)$", r"^fr(?:ench)?$",
    ),
    "droit de l'État de New York": (
        *_state_patterns("new york", "New York"),
        r"new[- ]?york(?:ais|aise)?(?: state)? laws?", r"droit (?:de l'etat )?(?:de |d')?new[- ]?york(?:ais)?",
        r"laws? of (?:the )?state of new york", r"laws? of new york", r"^(?:etat de )?new[- ]york(?: state)?$",
    ),
    "droit de l'État du Delaware": _state_patterns("delaware", "Delaware"),
    "droit californien": (*_state_patterns("california", "Californie"), r"californien", r"^californi(?:a|e)$"),
    **{label: _state_patterns(english, french) for english, french, label in _US_STATES},
    "droit anglais": (
        r"droit anglais", r"loi anglaise", r"english laws?", r"laws? of england", r"england and wales",
        r"droit (?:d'|de l')angleterre", r"^(?:angleterre|england)$",
    ),
    "droit écossais": (r"droit ecossais", r"scots law", r"scottish law", r"laws? of scotland"),
    "droit irlandais": (r"droit irlandais", r"irish laws?", r"laws? of (?:the republic of )?ireland"),
    "droit suisse": (
        r"(?:droit|loi) (?:federal )?suisse", r"swiss laws?", r"laws? of switzerland", r"confederation suisse",
        r"^(?:la )?suisse$", r"^switzerland$",
    ),
    "droit allemand": (
        r"(?:droit|loi) allemand", r"german laws?", r"laws? of (?:the federal republic of )?germany", r"^(?:l')?allemagne$",
        r"^(?:the )?(?:federal republic of )?germany$",
    ),
    "droit belge": (r"(?:droit|loi) belge", r"belgian laws?", r"laws? of (?:the kingdom of )?belgium", r"^(?:la )?belgique$"),
    "droit luxembourgeois": (
        r"(?:droit|loi) luxembourgeois", r"luxembourg(?:ish)? laws?", r"laws? of (?:the grand duchy of )?luxembourg",
        r"^(?:le )?luxembourg$",
    ),
    "droit espagnol": (r"(?:droit|loi) espagnol", r"spanish laws?", r"laws? of (?:the kingdom of )?spain", r"^(?:l')?espagne$"),
    "droit italien": (r"(?:droit|loi) italien", r"italian laws?", r"laws? of (?:the republic of )?italy", r"^(?:l')?italie$"),
    "droit néerlandais": (
        r"(?:droit|loi) neerlandais", r"dutch laws?", r"laws? of the netherlands", r"^(?:les )?pays-bas$", r"^(?:the )?netherlands$",
        r"laws? of (?:the kingdom of )?the netherlands",
    ),
    "droit monégasque": (r"droit monegasque", r"monegasque laws?", r"laws? of (?:the principality of )?monaco"),
    "droit québécois": (r"droit quebecois", r"quebec laws?", r"laws? of (?:the province of )?quebec", r"droit (?:de la province )?du quebec", r"^(?:le )?quebec$"),
    **{label: _province_patterns(english, french) for english, french, label in _PROVINCES},
    **{label: _country_patterns(*words) for label, words in _COUNTRIES.items()},
    US_FEDERAL_LAW: (
        r"(?:federal )?laws? of the united states(?: of america)?(?! of)", r"united states federal law", r"droit federal (?:americain|des etats-unis)",
        r"^(?:the )?united states(?: of america)?$", r"^(?:les )?etats-unis(?: d'amerique)?$",
    ),
}

#: Canonical label → patterns on folded text. The FIRST label in this order that matches wins, so
#: specific kinds come before the general ones they contain (an « avenant au contrat de fourniture »
#: is an avenant; a « cession de parts sociales » is not any « cession »).
CONTRACT_TYPES: dict[str, tuple[str, ...]] = {
    "avenant": (
        r"^\W*(?:\w+\s+){0,2}(?:avenant|addendum|amendment|acte modificatif|protocole modificatif|contrat modificatif)",
        r"^(?:avenant|amendement|addendum|amendment)s?$", r"amendment (?:no|n)\b", r"amendment agreement",
        r"avenant n", r"^\W*(?:\w+\s+){0,2}(?:variation agreement|deed of variation|variation deed)", r"variation agreement (?:no|n)\b",
    ),
    "accord de confidentialité": (
        r"confidentialit", r"non[- ]disclosure", r"\bnda\b", r"confidentiality (?:agreement|undertaking)",
        r"secrecy agreement",
    ),
    "accord de traitement des données": (
        r"traitement des donnees", r"data processing (?:agreement|addendum)", r"\bdpa\b",
        r"sous-traitance (?:des|de) donnees",
    ),
    "pacte d'associés": (
        r"pacte d'(?:associes|actionnaires)", r"shareholders?'? agreement", r"stockholders?'? agreement",
    ),
    "garantie d'actif et de passif": (
        r"garantie (?:d'actif et )?de passif", r"garantie d'actif", r"\bgap\b",
        r"(?:tax )?(?:deed|agreement) of (?:tax )?(?:indemnity|warranty)", r"warranty (?:deed|agreement)",
        r"indemnity agreement",
    ),
    "cession de parts sociales": (
        r"cession de(?:s)? parts(?: sociales)?", r"transfer of (?:partnership|company) shares",
        r"quota (?:sale|transfer|purchase)",
    ),
    "cession d'actions": (
        r"cession (?:d'actions|de(?:s)? titres)", r"share (?:sale and )?purchase agreement", r"\bspa\b",
        r"stock purchase agreement", r"share transfer agreement",
    ),
    "cession de fonds de commerce": (
        r"cession (?:de|du) fonds de commerce", r"business (?:transfer|sale) agreement", r"asset purchase agreement",
    ),
    "cession de droits de propriété intellectuelle": (
        r"cession de(?:s)? droits (?:d'auteur|de propriete)", r"cession de (?:brevet|marque)s?",
        r"(?:ip|intellectual property|copyright|patent|trademark) assignment",
        r"assignment of (?:copyright|intellectual property|patents?|trade ?marks?)",
    ),
    # … not a loan the pledge or mortgage secures (walkthrough 21: « CONTRAT DE PRÊT GARANTI PAR UNE HYPOTHÈQUE MARITIME »)
    "nantissement": (
        r"^(?!\W*(?:contrat de (?:pret|credit)|loan(?: agreement)?|facility agreement)\b.{0,40}\b(?:garanti(?:e?s?)? par|secured by)\b)"
        r".*?(?:nantissement|\bgage\b|pledge|hypotheque|security agreement)",
    ),
    # a guarantor's own undertaking to pay on demand, whatever the debt (art. 2321 C. civ., URDG): not an accessory cautionnement
    # (appwalk 28: an "ON-DEMAND PERFORMANCE BOND" typed « cautionnement »)
    "garantie autonome": (
        r"garantie autonome", r"garantie a premiere demande", r"(?:on[- ]demand|first[- ]demand|demand) (?:performance )?(?:bond|guarantee)",
        r"performance bond", r"advance payment (?:bond|guarantee)", r"standby letter of credit", r"lettre de credit stand-?by",
    ),
    # … not a loan the guarantee secures (walkthrough 22: « CONTRAT DE PRÊT À MOYEN TERME ASSORTI D'UN CAUTIONNEMENT SOLIDAIRE »)
    "cautionnement": (
        r"^(?!\W*(?:exhibit\s+[\w.]+\s+)?(?:contrat de (?:pret|credit)|loan(?: agreement)?|facility agreement)\b.{0,60}\b(?:assorti|garanti|avec|secured|guaranteed|with)\b)"
        r".*?(?:cautionnement|\bcaution\b|(?:parent company |personal )?guarantee)",
    ),
    "contrat de crédit-bail": (
        r"credit[- ]bail", r"\bleasing\b", r"(?:finance|financial|equipment) lease", r"location financiere", r"location avec option d'achat",
    ),
    "contrat de prêt": (
        # (not the clothes: « Prêt-à-porter féminin » under a manufacturing contract's title — walkthrough 26; nor « béton prêt à
        # l'emploi », ready-mixed concrete, nor anything « prêt à être livré »: walkthrough 35's distribution typed a loan)
        r"contrat de (?:pret|credit)", r"convention de pret",
        r"\bpret\b(?![- ]a[- ](?:porter|l['’ ]?emploi|poser|etre|cuire|monter|servir|installer|utiliser|consommer|livrer|peindre|couler|expedier|l['’ ]?usage\b(?! de)))", r"credit (?:d'acquisition|bancaire|agreement)",
        r"convention de credit", r"loan", r"facility agreement", r"credit facility", r"ouverture de credit",
    ),
    "convention de trésorerie": (
        r"convention de tresorerie", r"(?:gestion|convention)\b.{0,30}\btresorerie",
        r"cash (?:pooling|management) agreement", r"treasury agreement", r"cash pooling",
    ),
    "contrat de travail": (
        r"contrat de travail", r"\bcdi\b", r"\bcdd\b", r"employment (?:agreement|contract)", r"contract of (?:employment|service)\b(?! for)",
        # a seafarer's (walkthrough 21: « CONTRAT D'ENGAGEMENT MARITIME À DURÉE INDÉTERMINÉE »)
        r"contrat d'engagement maritime", r"^\W*contrat (?:d'engagement |de travail )?a duree (?:in)?determinee\b(?!\s+(?:de|d'|du|des)\b)", r"seafarers?'? employment agreement",
        r"contrat d'apprentissage", r"service agreement for (?:a|the) (?:director|executive)",
    ),
    # hiring a thing for a time, with or without its operator (a crane, a vehicle, an aircraft on an operating lease); not a
    # lease of premises (« location de bureaux », "Rental Agreement for Office Premises" are leases), not a finance lease (above),
    # not « location-gérance » (a business run by another); after the loans (a loan financing an operating lease is a loan)
    # the occupation of public land or a port's quay by permit (« AOT »): no commercial lease (walkthrough 21: typed a services agreement)
    "convention d'occupation du domaine public": (
        r"occupation (?:temporaire )?du domaine public", r"autorisation d'occupation temporaire", r"\baot\b",
        r"public (?:domain|property) (?:occupancy|occupation)", r"port (?:area )?occupancy (?:agreement|permit)",
    ),
    # a building's roof or a room let by an agreement that is no lease (« convention d'occupation », a site for antennas: walkthrough 22)
    "convention d'occupation": (
        r"convention d'occupation\b", r"(?:site |rooftop |roof )?occupancy agreement", r"convention de mise a disposition (?:de locaux|d'emplacement|d'un emplacement)",
    ),
    # a long lease of land, 18 to 99 years, the tenant building on it (« bail emphytéotique », « bail à construction »)
    "bail emphytéotique": (
        r"\bbail emphyteotique", r"\bbaux emphyteotiques", r"emphyteutic lease", r"\bbail a construction\b", r"building lease", r"\bground lease\b",
    ),
    # a telecom right of use of fibres or capacity for their life (walkthrough 22: an "INDEFEASIBLE RIGHT OF USE AGREEMENT" typed nothing)
    "droit d'usage irrévocable": (
        r"indefeasible rights? of use", r"\biru\b", r"droits? irrevocables? d'usage", r"droits? d'usage irrevocables?",
    ),
    "contrat de location": (
        r"\b(?:plant|equipment|crane|vehicle|car|van|truck|machinery) (?:hire|rental)(?: agreement| contract)?\b", r"\bcrane hire\b",
        r"location de (?:materiel|vehicules?|grues?|engins?|equipements?|machines?)",
        r"\b(?:aircraft|engine) (?:operating )?lease", r"\b(?:wet|dry) lease\b",
    ),
    "bail professionnel": (
        r"\b(?:bail|baux) (?:a usage )?professionnels?", r"professional (?:premises )?lease",
    ),
    "bail d'habitation": (
        r"\b(?:bail|baux) (?:a usage )?d'habitation", r"\bbail (?:a usage )?(?:de )?residence principale", r"residential (?:lease|tenancy)",
    ),
    "bail rural": (
        r"\b(?:bail|baux) rura(?:l|ux)", r"\b(?:bail|baux) a ferme", r"agricultural (?:lease|tenancy)", r"farm (?:business )?tenancy",
    ),
    "bail commercial": (
        r"\bbail commercial", r"\bbaux commerciaux", r"commercial lease",
        r"\bbail(?! (?:a usage )?d'habitation| (?:a usage )?professionnel| rura| a ferme)\b", r"\bbaux\b(?! (?:a usage )?d'habitation| (?:a usage )?professionnel| rura| a ferme)", r"\bleases?\b", r"tenancy agreement",
    ),
    "contrat de franchise": (
        r"franchis",
    ),
    "contrat de licence": (
        r"licen[cs]e", r"\bsaas\b", r"software as a service", r"abonnement (?:saas|logiciel)",
        r"subscription agreement", r"droit d'utilisation",
        # broadcasting rights bought before the film is made (walkthrough 23: « contrat de préachat de droits de diffusion » typed nothing)
        r"\bpre-?achat\b", r"broadcast(?:ing)? (?:rights )?(?:licen[cs]e )?agreement",
    ),
    "contrat de distribution": (
        r"distribution", r"distributor(?:ship)? agreement", r"concession(?:naire)? exclusive",
        r"contrat de concession", r"reseller agreement", r"revendeur",
    ),
    "contrat d'agence commerciale": (
        r"agence commerciale", r"agent commercial", r"(?:commercial |sales )?agency agreement",
    ),
    "contrat d'approvisionnement": (
        r"approvisionnement", r"procurement agreement",
    ),
    "contrat de fourniture": (
        r"fourniture", r"supply agreement", r"supply contract", r"power purchase agreement",
        # a buyer taking a producer's output for years (walkthrough 34: a "RECYCLED PET FLAKES OFFTAKE AGREEMENT" typed nothing)
        r"\boff-?take (?:agreement|contract)", r"contrat d'achat de production",
    ),
    "contrat de sous-traitance": (
        r"sous-traitance", r"subcontract",
        # toll and contract manufacturing: the maker works on the customer's materials or to its order (« façonnage »)
        r"toll (?:processing|manufacturing|conversion)", r"\bfaconnage\b", r"contrat de facon\b", r"contract manufactur",
        r"manufacturing (?:services )?agreement",
    ),
    "contrat de prestations logistiques": (
        r"prestations? logistiques?", r"logistics (?:services )?agreement", r"contrat de transport",
        r"transport agreement", r"entreposage", r"warehousing agreement",
        # carriage of goods by road (walkthrough 24: « CONTRAT DE PRESTATION DE TRANSPORT ET DE LOGISTIQUE » typed nothing)
        r"prestations? de transport", r"transport (?:et|&) (?:de )?logistique", r"transport de marchandises", r"carriage of goods",
        r"haulage (?:agreement|contract)",
    ),
    # a business introducer paid for each client it sends (walkthrough 33: « CONVENTION D'APPORTEUR D'AFFAIRES » was typed an
    # insurance policy from the broker's « courtier en assurances » in its first lines)
    "contrat d'apporteur d'affaires": (
        r"apporteurs? d'affaires", r"apport d'affaires", r"introducer agreement", r"(?:business )?introduction agreement",
        r"finder'?s? (?:fee )?agreement", r"referral (?:fee )?agreement",
    ),
    "contrat d'assurance": (
        r"assurance", r"insurance (?:policy|contract|agreement)", r"police d'assurance",
    ),
    # building works for an employer (« marché de travaux », contrat d'entreprise): design and build, EPC, JCT / FIDIC forms; after
    # the subcontracts and the insurance policies ("Works Contract Insurance Policy" is a policy)
    "marché de travaux": (
        r"marche (?:prive |public )?de travaux", r"contrat de (?:construction|conception[- ]realisation)", r"contrat d'entreprise\b",
        r"\b(?:construction|building|works) contract\b", r"design and build", r"design[- ]build contract", r"\bepc contract",
        r"engineering,? procurement and construction",
    ),
    "contrat de vente": (
        r"contrat de vente", r"\bvente\b", r"sale (?:and purchase )?agreement", r"purchase agreement",
        # « contrat pluriannuel d'achat de raisins », « contrat cadre d'achat » (walkthrough 17: no type read)
        r"contrat (?:[\w-]+ ){0,2}?d'achat\b",
    ),
    "cession": (
        r"\bcession\b", r"assignment(?: agreement)?", r"transfer agreement",
    ),
    # hiring a ship, for a time or a voyage, or bare (walkthrough 21: a "TIME CHARTER PARTY" typed nothing; after the assignments: a "Security Assignment of Charter Party" assigns)
    "contrat d'affrètement": (
        r"charte[- ]partie", r"\bcharter[- ]?part(?:y|ies)\b", r"\b(?:time|voyage|trip|bareboat|demise) charter\b", r"\baffretement\b",
    ),
    "mandat": (
        r"\bmandat\b", r"mandate agreement", r"power of attorney", r"procuration",
    ),
    "contrat de partenariat": (
        r"partenariat", r"partnership agreement", r"joint[- ]venture", r"cooperation agreement",
        r"accord de cooperation", r"consortium",
        r"collaboration agreement", r"(?:research|development|r&d) (?:and (?:development|license|licence) )?collaboration",
        r"(?:accord|contrat|convention) de collaboration", r"collaboration de recherche",
        # developing a project together (walkthrough 15: « contrat de co-développement » of a wind farm)
        r"\bco-?developpement\b", r"\bco-?development\b", r"joint development agreement", r"(?:accord|contrat|convention) de developpement (?:conjoint|commun)",
        r"\bco-?production\b",  # a film made together (walkthrough 23)
        # airlines selling each other's seats (walkthrough 19: a codeshare and an interline agreement typed nothing)
        r"\bcode-?share\b", r"partage de codes?", r"\binterline\b", r"alliance agreement",
    ),
    "protocole transactionnel": (
        r"transaction(?:nel)?\b", r"settlement agreement", r"protocole d'accord",
    ),
    "prestation de services": (
        r"prestation(?:s)? de services?", r"lettre de mission", r"lettre d'engagement", r"convention d'honoraires",
        r"honoraires", r"maintenance", r"services? agreement", r"consult(?:ing|ancy) agreement", r"engagement letter",
        r"statement of work", r"\bmission\b", r"contrat de services?", r"assistance technique", r"conseil",
        r"prestations? techniques?",  # a studio and its crew hired (walkthrough 23: « contrat de prestation technique » typed nothing)
        # waste collected for a business (walkthrough 34: « CONTRAT DE COLLECTE DES DÉCHETS … » typed nothing)
        r"contrat (?:de (?:prestations? de )?(?:collecte|ramassage|nettoyage|gardiennage)|d'entretien)\b", r"(?:waste )?collection services? (?:agreement|contract)",
        r"(?:cleaning|security|guarding) services? (?:agreement|contract)",
        # services at an airport or on board (walkthrough 19: ground handling and catering typed nothing)
        r"assistance en escale", r"ground handling", r"handling agreement", r"\bcatering\b", r"commissariat hotelier", r"restauration (?:a bord|collective)",
        # an operator managing a business for its owner: "Hotel Management Agreement", « contrat de gestion hôtelière »
        r"(?<!cash )(?<!cash-)(?<!treasury )(?<!asset )(?<!investment )(?<!portfolio )(?<!liquidity )(?<!fund )(?<!wealth )(?<!discretionary )"
        r"(?<!collateral )(?<!risk )(?<!money )management (?:agreement|contract)",
        r"contrat de gestion(?! (?:de |des |d')(?:tresorerie|portefeuilles?|actifs|fonds|patrimoine|titres))",
    ),
}

_LAW_PATTERNS = [(label, re.compile("|".join(f"(?:{p})" for p in patterns))) for label, patterns in LAW_LABELS.items()]
# An insurer's authority to a broker to write or settle its business is a mandate (walkthrough 33: a Lloyd's "BINDING AUTHORITY
# AGREEMENT" typed nothing, « CONVENTION DE DÉLÉGATION DE GESTION ET DE SOUSCRIPTION » an insurance policy): read before the policies,
# whose word it holds — its wordings only, the other mandates keep their place after the sales and the charters (a review)
_READ_FIRST = [
    # a public body entrusting a public service to an operator paid by its running (« concession de service public », « délégation de
    # service public »): no distribution agreement, whose « contrat de concession » it holds (walkthrough 34's household-waste collection)
    ("délégation de service public", (
        r"(?:concession|delegation)s? de (?:(?:la |du )?gestion (?:du |d'un |des )?)?services? publics?", r"\bdsp\b(?= (?:de|du|pour)\b)",
        r"public services? concession", r"concession (?:agreement|contract) for (?:the )?(?:public|municipal)",
    )),
    ("mandat", (
        r"binding authority", r"delegated (?:underwriting |claims )?authority agreement", r"coverholder agreement",
        r"(?:convention|contrat|mandat) de delegation de (?:gestion|souscription)", r"delegation de (?:gestion|souscription)",
    )),
]
_TYPE_PATTERNS = [
    (label, re.compile("|".join(f"(?:{p})" for p in patterns))) for label, patterns in [*_READ_FIRST, *CONTRACT_TYPES.items()]
]
_SPACES = re.compile(r"\s+")


def _clean_label_text(text: str) -> str:
    return _SPACES.sub(" ", fold(text).replace("_", " ")).strip(" .;:,")


# A lease of any kind: « Quels baux ? », "which leases?", « sauf les baux » ask for every one. The filter value "bail" stands for
# them all (a commercial, professional, residential or agricultural lease); « baux commerciaux », "office lease" or
# « crédit-bail » name one kind, or another thing.
LEASE = "bail"
LEASE_KINDS = ("bail commercial", "bail professionnel", "bail d'habitation", "bail rural", "bail emphytéotique")
_LEASE_WORD = re.compile(r"\b(?:bail|baux|leases?|tenanc(?:y|ies))\b")
_LEASE_KIND_WORD = re.compile(
    r"\b(?:commercia\w*|professionn\w*|professional|habitation|residential|residence|rura\w*|agricultural|farm|office|retail|credit|"
    r"finance|financial|equipment|capital|operating|ground|sub-?leases?|sous-location|emphyteotique|construction|mobilite)\b|credit[- ]bail"
)


def any_lease(text: str) -> bool:
    """Whether ``text`` names leases without saying which kind (« bail », « les baux », "leases"; not « bail
    commercial », "equipment lease", « crédit-bail »)."""
    folded = _clean_label_text(text)
    return bool(_LEASE_WORD.search(folded)) and not _LEASE_KIND_WORD.search(folded)


# "the laws of the State of Nevada", "the laws of the Commonwealth of Virginia", "the laws of Ruritania",
# « soumis au droit monégasque »: the jurisdiction a governing-law sentence names, as written, for a law the
# table above does not know.
_JURISDICTION = re.compile(
    r"\blaws?,?(?: (?:and|or) (?:judicial )?(?:decisions|regulations|statutes))? (?:(?:in force|in effect|applicable) )?(?:(?:of|in) (?:the )?"
    r"(?:(?:state|commonwealth|province|republic|kingdom|principality|grand duchy|federal republic|people'?s republic|canton|emirate|territory) of )?"
    r"|(?:the )?(?:state|commonwealth|province) of )"
    r"(?P<place>[A-Z][\w.'’-]*(?: (?:of )?[A-Z][\w.'’-]*){0,3}|the state in which [^,.;]{3,60}|(?:the )?united states(?: of america)?)",
    re.IGNORECASE,
)
_JURISDICTION_FR = re.compile(r"\b(?:soumise?s?|regie?s?|gouvernee?s?) (?:au|par le|par la) (?P<place>(?:droit|loi) [a-z\w'-]+(?: [a-z\w'-]+)?)")
_STATE_THEREOF = re.compile(r"\b(?:state|commonwealth|province) of (?P<place>[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,2})\b[^.]{0,160}\blaws thereof\b")
_NOT_A_PLACE = re.compile(r"^(?:this|such|any|each|its|their|his|her|all|that|which|the parties|said)\b", re.IGNORECASE)
# What a data room may not keep as a law's name: a place not written as a proper name, a conditional law, a
# placeholder, a possessive, a generic word, a French phrase that names no law.
_NOT_A_PLACE_NAME = re.compile(
    r"^(?![A-Z])|['’]s?\b|\d|^(?:the\s+)?(?:state|commonwealth|province|republic|kingdom|country|jurisdiction|general|applicable|competent|relevant|appropriate|agreement|contract|section|article)\b"
    r"|\b(?:x{2,}|tbd|tba|n/a|territory|district|jurisdiction|country|state|province)$",
    re.I,
)
_NOT_A_FRENCH_LAW = re.compile(r"^(?:droit|loi) (?:de|du|des|d|la|le|les|l|en|n|no|commun|civil|applicable|positif|interne|international|travail|\d)\b")


def named_jurisdiction(sentence: str, *, strict: bool = False) -> str | None:
    """The law a governing-law sentence names, as written ("law of Nevada", « droit monégasque »), or
    ``None``: the value kept for a law :func:`match_law` does not know.

    Loose (the default, for a review flag: a governing-law clause whose law cannot be read is worth a
    reviewer's look), any place the sentence names will do, "the state in which the breach occurs"
    included. ``strict`` (for a value a data room keeps and filters on) wants a place's proper name: a
    conditional law, a placeholder ("the laws of XXXX", "of the State of TBD"), a possessive
    ("Licensor's") and a French phrase that names no law (« la loi du 6 juillet 1989 », « le droit du
    travail ») give ``None``."""
    for pattern in (_STATE_THEREOF, _JURISDICTION):
        if (match := pattern.search(sentence)) and not _NOT_A_PLACE.match(match["place"]):
            place = match["place"].strip(" .,")
            # (the patterns ignore case: a proper name is checked on its first letter itself — "in the conduct of its business")
            if strict and (not place[:1].isupper() or _NOT_A_PLACE_NAME.search(place) or place.lower().startswith("the state in which")):
                return None
            return f"law of {place}"
    if (match := _JURISDICTION_FR.search(fold(sentence))) and not (strict and _NOT_A_FRENCH_LAW.search(match["place"])):
        return match["place"]
    return None


def unlisted_law(value: str, known: Iterable[str] = ()) -> str | None:
    """A filter value for a law the vocabulary does not know: one of ``known`` (the data's laws), written
    as the data room writes it ("law of Ruritania") or as a contract would ("the laws of Ruritania");
    ``None`` otherwise — a place no contract is governed by and the vocabulary does not know may be a
    typo ("laws of Delawre"), which the caller reports with suggestions."""
    by_fold = {" ".join(fold(law).split()): law for law in known}
    named = named_jurisdiction(value, strict=True)
    for candidate in (value, named):
        if candidate and (law := by_fold.get(" ".join(fold(candidate).split()))):
            return law
    return None


def match_law(text: str) -> str | None:
    """The canonical law named in ``text`` (the one written first), or ``None`` when none is."""
    found = law_mentions(text)
    if len(found) > 1:  # "the laws of the United States and of the State of Texas": the state's law
        found = [f for f in found if f[2] != US_FEDERAL_LAW] or found
    return found[0][2] if found else None


# "the laws in force in the State of California", "the laws in effect in England", "the laws in the State of Washington"
# are read as "the laws of …" ("Applicable Law in the United States" names no governing law).
_LAWS_IN = re.compile(r"\blaws? (?:(?:in force|in effect|applicable|prevailing) in |in (?=the (?:state|commonwealth|province) of ))")
# « le droit en vigueur en France », « la loi applicable au Maroc » are read as « droit de … ».
_DROIT_EN = re.compile(r"\b(droit|loi)s? (?:en vigueur|applicable) (?:en|au|aux) ")


def law_text(text: str) -> str:
    """``text`` as the law patterns read it: folded, spaces collapsed, "laws in force in" read as "laws of"."""
    return _DROIT_EN.sub(r"\1 de ", _LAWS_IN.sub("laws of ", _clean_label_text(text)))


@lru_cache(maxsize=4096)
def law_mentions(text: str) -> tuple[tuple[int, int, str], ...]:
    """Every law ``text`` names: (start, end, label) on :func:`law_text`, in the order written (at one
    place, the longest wording: « droit de l'Australie-Occidentale » is not « droit australien »)."""
    folded = law_text(text)
    every = [(m.start(), m.end(), label) for label, pattern in _LAW_PATTERNS for m in pattern.finditer(folded)]
    found: dict[str, tuple[int, int]] = {}
    for start, end, label in sorted(every):
        # a wording that ends a longer one of another law is part of it: "New Jersey law" names no Jersey law ("the laws of England
        # or the State of New York" names both: the one does not end the other)
        if label not in found and not any(s < start and end == e for s, e, other in every if other != label):
            found[label] = (start, end)
    return tuple(sorted(((start, end, label) for label, (start, end) in found.items()), key=lambda f: (f[0], -(f[1] - f[0]), f[2])))


def normalize_law(text: object) -> str | None:
    """Canonical French label of a governing law (« droit français », « droit suisse »...).

    Free forms in French or English map to :data:`LAW_LABELS`; an unknown law is kept as written
    (trimmed). ``None``, empty or non-text values give ``None``.
    """
    if not isinstance(text, str) or not text.strip():
        return None
    return match_law(text) or " ".join(text.split())


@lru_cache(maxsize=4096)
def match_contract_type(text: str) -> str | None:
    """The canonical contract type named in ``text``, or ``None`` when it names none."""
    found = _type_match(_clean_label_text(text))
    return found[0] if found else None


# What a title says it holds besides itself: "SOFTWARE AS A SERVICE AGREEMENT … INCLUDING DATA PROCESSING ADDENDUM" is a SaaS agreement
# (walkthrough 34: typed a data processing agreement), « contrat de services et son annexe de traitement des données » too
_ANNEXED = re.compile(r"\b(?:including|incorporating|together with|with|and its|incl|comprenant|incluant|y compris|avec|et son|et sa|et ses)\W+(?:(?:a|an|the|its|le|la|les|l|un|une|son|sa|ses)\W+)?(?:\w+\W+){0,2}$")


def _type_match(folded: str) -> tuple[str, re.Match[str]] | None:
    """The first contract type whose wording ``folded`` (:func:`_clean_label_text`) holds, and where — not one the title says the
    contract includes (:data:`_ANNEXED`) when it names another type too."""
    annexed = None
    for label, pattern in _TYPE_PATTERNS:
        if match := pattern.search(folded):
            if match.start() > 0 and _ANNEXED.search(folded[: match.start()]):
                annexed = annexed or (label, match)
                continue
            return label, match
    return annexed


def contract_type_only(text: str) -> str | None:
    """The canonical contract type ``text`` names when it names that type and nothing more (« des contrats de licence »,
    "leases"), else ``None``: not « des baux en cours », "expired leases", "leases or licences", "not leases" — a filter
    on the type alone would read them wrong."""
    folded = _clean_label_text(text)
    if (found := _type_match(folded)) is None:
        return None
    label, match = found
    rest = f"{folded[: match.start()]} {folded[match.end():]}"
    return label if not [w for w in re.findall(r"[a-z0-9]+", rest) if w not in _TYPE_FILLERS] else None


# Words that may stand around a contract type's name without changing what is asked
_TYPE_FILLERS = frozenset({"de", "des", "du", "d", "les", "le", "la", "l", "un", "une", "the", "a", "an", "of", "contrat", "contrats",
                           "contract", "contracts", "agreement", "agreements", "acte", "actes", "convention", "conventions"})


def normalize_contract_type(text: object) -> str | None:
    """Canonical lower-case French contract type (« bail commercial », « contrat de licence »...).

    French and English wordings map to :data:`CONTRACT_TYPES`; an unknown type is kept, trimmed and
    lower-cased. ``None``, empty or non-text values give ``None``.
    """
    if not isinstance(text, str) or not text.strip():
        return None
    return match_contract_type(text) or " ".join(text.split()).lower()


def _suggestions(value: str, labels: list[str]) -> list[str]:
    folded = {fold(label): label for label in labels}
    return [folded[f] for f in get_close_matches(fold(value), list(folded), n=3, cutoff=0.5)]


def law_suggestions(value: str) -> list[str]:
    """Canonical laws whose label is close to ``value`` (for a value that names no law)."""
    return _suggestions(value, list(LAW_LABELS))


def type_suggestions(value: str) -> list[str]:
    """Canonical contract types close to ``value`` (for a value that names no contract type)."""
    return _suggestions(value, list(CONTRACT_TYPES))


# --- laws named in English (answers to an English question) ------------------------------------------------------------

# The canonical labels are French (they are the data room's values and its filters'); an English answer names the law in
# English. "droit <adjective>" and "droit de/du/des <place>" read through two tables; a label neither reads stays French.
_LAW_ADJECTIVES_EN = {
    "français": "French", "californien": "California", "anglais": "English", "écossais": "Scots", "irlandais": "Irish",
    "suisse": "Swiss", "allemand": "German", "belge": "Belgian", "luxembourgeois": "Luxembourg", "espagnol": "Spanish",
    "italien": "Italian", "néerlandais": "Dutch", "monégasque": "Monegasque", "québécois": "Quebec", "chinois": "Chinese",
    "taïwanais": "Taiwanese", "japonais": "Japanese", "israélien": "Israeli", "indien": "Indian", "singapourien": "Singapore",
    "coréen": "Korean", "australien": "Australian", "canadien": "Canadian", "mexicain": "Mexican", "brésilien": "Brazilian",
    "colombien": "Colombian", "kazakh": "Kazakh", "sud-africain": "South African", "autrichien": "Austrian",
    "portugais": "Portuguese", "suédois": "Swedish", "norvégien": "Norwegian", "danois": "Danish", "finlandais": "Finnish",
    "polonais": "Polish", "marocain": "Moroccan", "tunisien": "Tunisian", "grec": "Greek", "chypriote": "Cypriot",
    "maltais": "Maltese", "tchèque": "Czech", "slovaque": "Slovak", "hongrois": "Hungarian", "roumain": "Romanian",
    "bulgare": "Bulgarian", "croate": "Croatian", "slovène": "Slovenian", "serbe": "Serbian", "estonien": "Estonian",
    "letton": "Latvian", "lituanien": "Lithuanian", "islandais": "Icelandic", "russe": "Russian", "ukrainien": "Ukrainian",
    "turc": "Turkish", "argentin": "Argentine", "chilien": "Chilean", "péruvien": "Peruvian", "vénézuélien": "Venezuelan",
    "uruguayen": "Uruguayan", "panaméen": "Panamanian", "costaricien": "Costa Rican", "néo-zélandais": "New Zealand",
    "thaïlandais": "Thai", "malaisien": "Malaysian", "indonésien": "Indonesian", "philippin": "Philippine",
    "vietnamien": "Vietnamese", "pakistanais": "Pakistani", "saoudien": "Saudi", "qatarien": "Qatari", "koweïtien": "Kuwaiti",
    "bahreïnien": "Bahraini", "omanais": "Omani", "jordanien": "Jordanian", "libanais": "Lebanese", "égyptien": "Egyptian",
    "algérien": "Algerian", "sénégalais": "Senegalese", "ivoirien": "Ivorian", "camerounais": "Cameroonian",
    "nigérian": "Nigerian", "ghanéen": "Ghanaian", "kényan": "Kenyan", "mauricien": "Mauritian",
}
_LAW_PLACES_EN = {
    "Géorgie": "Georgia", "Hawaï": "Hawaii", "Floride": "Florida", "Louisiane": "Louisiana", "Pennsylvanie": "Pennsylvania",
    "Caroline du Nord": "North Carolina", "Caroline du Sud": "South Carolina", "Dakota du Nord": "North Dakota",
    "Dakota du Sud": "South Dakota", "Nouveau-Mexique": "New Mexico", "Virginie": "Virginia", "Virginie-Occidentale": "West Virginia",
    "District de Columbia": "District of Columbia", "Colombie-Britannique": "British Columbia", "Nouvelle-Écosse": "Nova Scotia",
    "Nouveau-Brunswick": "New Brunswick", "Victoria (Australie)": "Victoria (Australia)", "Nouvelle-Galles du Sud": "New South Wales",
    "Australie-Occidentale": "Western Australia", "Australie-Méridionale": "South Australia", "Tasmanie": "Tasmania",
    "Territoire de la capitale australienne": "Australian Capital Territory", "Territoire du Nord (Australie)": "Northern Territory (Australia)",
    "Terre-Neuve-et-Labrador": "Newfoundland and Labrador", "Île-du-Prince-Édouard": "Prince Edward Island",
    "Papouasie-Nouvelle-Guinée": "Papua New Guinea", "Émirats arabes unis": "United Arab Emirates", "Guernesey": "Guernsey",
    "île de Man": "Isle of Man", "Irlande du Nord": "Northern Ireland", "Bermudes": "Bermuda", "îles Caïmans": "Cayman Islands",
    "îles Vierges britanniques": "British Virgin Islands", "Porto Rico": "Puerto Rico", "Macao": "Macau",
}
_LAW_OF_PLACE = re.compile(r"^droit (?:de l'État (?:de |du |d')?(?:l')?|du |de la |de l'|des |de |d')(?P<place>.+)$")


def law_in(label: str, language: str) -> str:
    """``label`` (a canonical law, French) as an answer in ``language`` names it: « droit suisse » is "Swiss law", « droit de
    l'État de New York » "New York law"; French answers, and a law neither table reads, keep the label."""
    if language != "en" or not label:
        return label
    if label == "droit fédéral des États-Unis":
        return "United States federal law"
    if label.startswith("droit ") and (adjective := _LAW_ADJECTIVES_EN.get(label[len("droit "):])):
        return f"{adjective} law"
    if match := _LAW_OF_PLACE.match(label):
        place = match["place"]
        return f"{_LAW_PLACES_EN.get(place, place)} law"
    return label


_PLACE_FILLERS = frozenset("the of le la les l des du de d republic republique people peoples s state etat kingdom royaume federal federale".split())


def country_words(adjective: str) -> tuple[str, ...]:
    """The words of the country an adjective of nationality names, in both languages (« japonais », "Japanese" → japan, japon);
    none for another word."""
    word = fold(adjective)
    for english, country, french, french_country in _COUNTRIES.values():
        if re.fullmatch(english, word) or (word.startswith(french) and len(word) - len(french) <= 3):
            return tuple(dict.fromkeys(w for w in re.findall(r"[a-z]+", f"{country} {french_country}") if w not in _PLACE_FILLERS and len(w) > 2))
    return ()


# The nationality of a country whose law is its part's (walkthrough 30: « l'enseigne britannique » under « droit anglais », « l'éditeur
# américain » under New York law)
_NATIONALITY_OF_A_PART = {"anglais": ("britannique", "British", "londonien", "londonienne"), "écossais": ("britannique", "British"),
                          "gallois": ("britannique", "British"), "néerlandais": ("hollandais", "hollandaise"),
                          # … and of its cities or cantons (walkthrough 31: « le promoteur bâlois », « le prestataire munichois »)
                          "suisse": ("bâlois", "bâloise", "genevois", "genevoise", "zurichois", "zurichoise", "vaudois", "vaudoise", "bernois", "bernoise"),
                          "allemand": ("munichois", "munichoise", "berlinois", "berlinoise", "hambourgeois", "hambourgeoise", "bavarois", "bavaroise"),
                          "belge": ("bruxellois", "bruxelloise", "anversois", "anversoise", "flamand", "flamande", "wallon", "wallonne")}
_AMERICAN = ("américain", "américaine", "American")
_US_LAWS = frozenset({label for _english, _french, label in _US_STATES} | {"droit de l'État de New York", "droit de l'État du Delaware", "droit californien"})


def law_adjectives(label: str) -> tuple[str, ...]:
    """The adjectives that say a contract is of the country whose law ``label`` (a canonical law, French) is, in both languages:
    « droit portugais » → portugais, portugaise, Portuguese — "the Portuguese workshop" is the one under Portuguese law when no
    article says so; and of the country it is part of (« droit anglais »: British; a US state's law: American, its only ones)."""
    if label in _US_LAWS:
        return _AMERICAN if label != "droit californien" else ("californien", "californienne", "California", *_AMERICAN)
    if not label.startswith("droit ") or not (english := _LAW_ADJECTIVES_EN.get(label[len("droit "):])):
        return ()
    french = label[len("droit "):]
    if french.endswith("c"):  # grec → grecque, turc → turque
        feminine = french + "que" if french.endswith("ec") else french[:-1] + "que"
    else:
        feminine = french if french.endswith("e") else french + ("ne" if french.endswith(("ien", "éen", "on")) else "e")
    return tuple(dict.fromkeys((french, feminine, english, *_NATIONALITY_OF_A_PART.get(french, ()))))


_TYPES_EN = {
    "avenant": "amendment", "accord de confidentialité": "confidentiality agreement", "accord de traitement des données": "data processing agreement",
    "pacte d'associés": "shareholders' agreement", "garantie d'actif et de passif": "warranty and indemnity agreement",
    "cession de parts sociales": "transfer of partnership shares", "cession d'actions": "share purchase agreement",
    "cession de fonds de commerce": "sale of a business", "cession de droits de propriété intellectuelle": "IP assignment",
    "nantissement": "pledge", "garantie autonome": "demand guarantee", "cautionnement": "guarantee",
    "contrat de location": "hire agreement", "contrat d'affrètement": "charter party",
    "convention d'occupation du domaine public": "public property occupancy agreement", "convention d'occupation": "occupancy agreement",
    "bail emphytéotique": "long lease (emphyteutic, building or ground lease)", "droit d'usage irrévocable": "indefeasible right of use (IRU)", "marché de travaux": "construction contract", "contrat de crédit-bail": "leasing agreement", "contrat de prêt": "loan agreement",
    "convention de trésorerie": "cash pooling agreement", "contrat de travail": "employment contract", "bail commercial": "commercial lease",
    "bail professionnel": "professional lease", "bail d'habitation": "residential lease", "bail rural": "agricultural lease", LEASE: "lease",
    "contrat de franchise": "franchise agreement", "contrat de licence": "licence agreement", "contrat de distribution": "distribution agreement",
    "contrat d'agence commerciale": "commercial agency agreement", "contrat d'approvisionnement": "supply agreement",
    "contrat de fourniture": "supply contract", "contrat de sous-traitance": "subcontracting agreement",
    "contrat de prestations logistiques": "logistics services agreement", "contrat d'assurance": "insurance policy",
    "contrat de vente": "sale agreement", "cession": "assignment", "mandat": "mandate", "contrat d'apporteur d'affaires": "introducer agreement",
    "délégation de service public": "public service concession", "contrat de partenariat": "partnership agreement",
    "protocole transactionnel": "settlement agreement", "prestation de services": "services agreement",
}


def type_in(label: str, language: str) -> str:
    """``label`` (a canonical contract type, French) as an answer in ``language`` names it (« bail commercial » is "commercial
    lease"); French answers, and a type the table does not hold, keep the label."""
    return _TYPES_EN.get(label, label) if language == "en" else label
