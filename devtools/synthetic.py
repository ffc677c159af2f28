"""Synthetic data rooms: thousands of invented contracts, with the truth about them, for benchmarks and tests.

Every name, number and clause is invented here, from templates written for this module. Output is
deterministic for a seed (one ``random.Random`` for the room, one per rendered text seeded from a
string), so a benchmark or a test can regenerate the very same room.

- :func:`generate_dataroom` returns ``(entries, truth)``: ``entries`` in the data-room JSON format
  (:mod:`greffier.dataroom.json_index`: ``filename``, ``title``, ``parties``, ``siren_parties``,
  ``contract_type``, ``signature_date``, ``end_date``, ``governing_law``, ``content``) and a
  :class:`DataRoomTruth` that says what each entry really is: its parties (as company ids), dates,
  law, the clauses its text holds, the metadata left out, and which entries are duplicates,
  courtesy translations and amendments (with the end date they set).
- :func:`generate_contracts` returns the entries only.
- :func:`write_files` writes entries as real files (text-layer PDF, DOCX, HTML, Markdown, text) with
  the demo's writers, for ingestion benchmarks.

What a room holds: French and English contracts of 4 to 15 articles (object, term, price, payment,
termination, termination for convenience, change of control, exclusivity, non-compete,
confidentiality, liability cap or unlimited liability, tacit renewal, assignment, penalties, data
protection, governing law, jurisdiction...) and a signature block « Fait à …, le … »; parties from a
pool of invented companies (SAS, SARL, SA, Ltd, GmbH, Inc.; a few look-alike names; some names
written two ways in the metadata) with valid SIRENs for French companies; metadata dates in varied
formats; some fields missing; amendments that postpone a term or change a price and cite the
amended contract by its signature date; exact duplicates re-uploaded with other spellings or date
formats; courtesy translations (fr ↔ en) of other contracts.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from stdnum import luhn

if TYPE_CHECKING:  # the writers need reportlab and python-docx: imported only when files are written
    from devtools.writers import ContractText

Language = Literal["fr", "en"]
EntryKind = Literal["original", "amendment", "duplicate", "translation"]
AmendmentKind = Literal["postpones", "price_only"]

LANGUAGES: tuple[Language, ...] = ("fr", "en")
FILE_FORMATS = ("pdf", "docx", "md", "html", "txt")
METADATA_KEYS = ("title", "parties", "siren_parties", "contract_type", "signature_date", "end_date", "governing_law")
#: Clauses recorded in :attr:`ContractTruth.clauses` (the demo manifest's flag names where they exist).
FLAG_CLAUSES = (
    "change_of_control", "exclusivity", "non_compete", "termination_for_convenience", "uncapped_liability",
    "liability_cap", "tacit_renewal", "assignment_restriction", "penalties", "confidentiality", "data_protection",
)

# Shares of a room (rounded; each is at least one when the room has 6 entries or more).
AMENDMENT_SHARE = 0.08
DUPLICATE_SHARE = 0.04
TRANSLATION_SHARE = 0.04
MISSING_FIELD_RATE = 0.03  # per metadata field and entry
VARIANT_SPELLING_RATE = 0.12  # a party written another way than its registered name
UNSIGNED_RATE = 0.01  # « Fait à …, le ____ »: no signature date anywhere
NO_LAW_CLAUSE_RATE = 0.04
INDEFINITE_TERM_RATE = 0.18  # of services, agency and logistics contracts (about 5 % of a room)
GROUP_SHARE = 0.6  # contracts with one party from the target group (a data room is about one group)

# ============================================================================================ truth


@dataclass(frozen=True)
class Company:
    """An invented company. ``siren`` is a valid 9-digit SIREN for French companies, else None."""

    id: str
    name: str  # registered name with its legal form, e.g. "Bréalis Logistique SAS"
    short_name: str  # without the legal form, as titles write it
    legal_form: str
    country: str  # FR, GB, DE, US, CH
    siren: str | None
    city: str
    address: str
    capital: int
    registry_number: str  # foreign register number; the SIREN for French companies
    spellings: tuple[str, ...]  # other ways a data room writes the name


@dataclass(frozen=True)
class ContractTruth:
    """What one entry really is. Dates are the true ones, whatever the metadata says or omits."""

    position: int
    filename: str
    kind: EntryKind
    language: Language
    party_ids: tuple[str, ...]  # company ids, in the order of the entry's parties
    contract_type: str  # canonical French label, "avenant" for amendments
    signature_date: date | None  # None: the contract is unsigned (« le ____ »)
    initial_end_date: date | None  # the end first agreed; None for an indefinite term
    end_date: date | None  # the end in force after every amendment
    # Canonical label; None when the text has no governing-law clause. An amendment has none of its
    # own: it carries the law of the contract it amends.
    governing_law: str | None
    clauses: tuple[str, ...]  # flags of :data:`FLAG_CLAUSES` whose clause the text holds
    articles: int
    missing_metadata: tuple[str, ...]  # metadata fields absent or null although the text gives them
    source: int | None = None  # duplicate/translation: the original's position; amendment: its target


@dataclass(frozen=True)
class Duplicate:
    position: int
    original: int
    tweaks: tuple[str, ...]  # what differs in the metadata: filename, party_spelling, date_format...


@dataclass(frozen=True)
class Translation:
    position: int
    original: int
    language: Language  # the translation's language


@dataclass(frozen=True)
class Amendment:
    position: int
    target: int
    number: int  # « avenant n°1 », "Amendment No. 2"
    kind: AmendmentKind
    cited_date: date  # the target's signature date, as the amendment's text cites it
    previous_end_date: date
    new_end_date: date  # equals previous_end_date for a price-only amendment
    new_price: int | None = None


@dataclass(frozen=True)
class DataRoomTruth:
    """Ground truth of a generated room; positions index the entries list."""

    seed: int
    contracts: tuple[ContractTruth, ...]
    duplicates: tuple[Duplicate, ...]
    translations: tuple[Translation, ...]
    amendments: tuple[Amendment, ...]
    companies: tuple[Company, ...]
    lookalikes: tuple[tuple[str, str], ...]  # company ids of distinct companies with near-identical names
    spellings: Mapping[str, tuple[str, ...]]  # company id → names the metadata uses, when more than one

    def company(self, company_id: str) -> Company:
        """The company with ``company_id``. Raises KeyError for an unknown id."""
        for company in self.companies:
            if company.id == company_id:
                return company
        raise KeyError(f"no company {company_id!r} in this room")

    def to_json(self) -> dict[str, Any]:
        """The truth as JSON-ready data (dates as ISO strings)."""
        return _jsonable(self)


def _jsonable(value: Any) -> Any:
    if isinstance(value, date):
        return value.isoformat()
    if hasattr(value, "__dataclass_fields__"):
        return {name: _jsonable(getattr(value, name)) for name in value.__dataclass_fields__}
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


# ===================================================================================== vocabulary

_STEM_HEADS = (
    "Ar", "Bel", "Bré", "Cal", "Cor", "Dal", "Dor", "Es", "Fal", "Fer", "Gal", "Gar", "Hel", "Il", "Jun", "Ker",
    "Lan", "Lis", "Mar", "Mor", "Ner", "Nor", "Ol", "Or", "Pel", "Per", "Quin", "Rav", "Ros", "Sar", "Sol", "Tal",
    "Tor", "Ul", "Val", "Ver", "Vor", "Zel",
)
_STEM_MIDS = ("a", "e", "i", "o", "an", "en", "el", "or", "is", "ar", "ou", "é", "iv", "am")
_STEM_TAILS = (
    "lis", "nde", "ne", "rac", "mont", "vie", "ville", "tane", "dor", "sine", "nel", "rgue", "lac", "brun",
    "quet", "vane", "ric", "sse", "drel", "tis", "mance", "zac",
)
_FR_BEFORE = ("Groupe", "Foncière", "Banque", "Cabinet", "Atelier", "Maison", "Comptoir", "Laboratoires")
_FR_AFTER = (
    "Industrie", "Logistique", "Conseil", "Distribution", "Énergie", "Systèmes", "Immobilier", "Santé",
    "Transports", "Agroalimentaire", "Services", "Ingénierie", "Développement", "Emballages", "Matériaux",
)
_FOREIGN_AFTER = {
    "GB": ("Trading", "Holdings", "Logistics", "Capital", "Partners", "Engineering"),
    "DE": ("Technik", "Handel", "Logistik", "Maschinenbau", "Software", "Werke"),
    "US": ("Analytics", "Robotics", "Software", "Labs", "Technologies", "Systems"),
    "CH": ("Finance", "Précision", "Services", "Trading", "Médical"),
}
_FORMS_BY_COUNTRY = {"FR": ("SAS", "SAS", "SAS", "SARL", "SARL", "SA"), "GB": ("Ltd",), "DE": ("GmbH",), "US": ("Inc.",), "CH": ("SA",)}
_COUNTRY_WEIGHTS = (("FR", 75), ("GB", 9), ("DE", 7), ("US", 6), ("CH", 3))

_FR_CITIES = (
    ("Valence", "26000"), ("Lyon", "69003"), ("Nantes", "44000"), ("Rennes", "35000"), ("Bordeaux", "33000"),
    ("Lille", "59000"), ("Grenoble", "38000"), ("Annecy", "74000"), ("Tours", "37000"), ("Dijon", "21000"),
    ("Montpellier", "34000"), ("Toulouse", "31000"), ("Strasbourg", "67000"), ("Reims", "51100"), ("Angers", "49000"),
    ("Paris", "75008"), ("Marseille", "13002"), ("Clermont-Ferrand", "63000"), ("Rouen", "76000"), ("Besançon", "25000"),
)
_FOREIGN_CITIES = {
    "GB": (("London", "EC2A 4NE"), ("Manchester", "M1 3BN"), ("Bristol", "BS1 4DJ")),
    "DE": (("München", "80331"), ("Hamburg", "20095"), ("Köln", "50667")),
    "US": (("New York", "NY 10017"), ("Boston", "MA 02110"), ("Wilmington", "DE 19801")),
    "CH": (("Genève", "1204"), ("Lausanne", "1003")),
}
_FR_STREETS = (
    "rue des Tanneurs", "avenue de la Gare", "quai des Cordiers", "boulevard Carnot", "place du Marché",
    "rue Pasteur", "chemin des Vignes", "allée des Tilleuls", "rue de la République", "impasse des Artisans",
    "rue du Moulin", "avenue Jean-Jaurès", "rue des Forges", "cours Lafayette",
)
_FOREIGN_STREETS = {
    "GB": ("Wharf Road", "King Street", "Queen's Walk", "Mill Lane"),
    "DE": ("Hauptstraße", "Lindenallee", "Hafenstraße", "Bergweg"),
    "US": ("Madison Avenue", "Market Street", "Harbor Drive", "Elm Street"),
    "CH": ("rue du Rhône", "avenue de Rumine", "quai du Mont-Blanc"),
}
_FIRST_NAMES = (
    "Claire", "Julien", "Sophie", "Marc", "Camille", "Thomas", "Élise", "Antoine", "Nadia", "Hugo", "Margaux",
    "Olivier", "Inès", "Bastien", "Louise", "Karim", "Hélène", "Mathieu", "Agathe", "Yann",
)
_LAST_NAMES = (
    "Dumonteil", "Verchère", "Lanoë", "Brossard", "Méric", "Castagnol", "Ferrandou", "Quillet", "Rouvière",
    "Tessandier", "Ablard", "Jouvenel", "Marsac", "Pellegrin", "Sauvanet", "Delorge", "Hautecour", "Ribeyre",
)
_FOREIGN_NAMES = {
    "GB": (("Oliver", "Ashdown"), ("Harriet", "Pembury"), ("James", "Colwell"), ("Eleanor", "Thornsby")),
    "DE": (("Katrin", "Vossberg"), ("Stefan", "Ellerbrock"), ("Jonas", "Reinhardt")),
    "US": (("Megan", "Caldwell"), ("Daniel", "Whitacre"), ("Rachel", "Osterman")),
    "CH": (("Luc", "Favre-Rochat"), ("Anne", "Mercanton")),
}
_TITLES = {
    "SAS": ("Président", "President"), "SARL": ("Gérant", "Managing Director"), "SA": ("Directeur général", "Chief Executive Officer"),
    "Ltd": ("Director", "Director"), "GmbH": ("Geschäftsführer", "Managing Director"), "Inc.": ("President", "President"),
}
_TERRITORIES = (
    ("la France métropolitaine", "metropolitan France"), ("la Belgique et le Luxembourg", "Belgium and Luxembourg"),
    ("la région Auvergne-Rhône-Alpes", "the Auvergne-Rhône-Alpes region"), ("la Suisse romande", "French-speaking Switzerland"),
    ("l'Allemagne et l'Autriche", "Germany and Austria"), ("le Royaume-Uni et l'Irlande", "the United Kingdom and Ireland"),
    ("l'Espagne et le Portugal", "Spain and Portugal"), ("le Grand Ouest de la France", "western France"),
)
_GOODS = (
    ("thés et infusions biologiques", "organic teas and infusions"), ("équipements de laboratoire", "laboratory equipment"),
    ("pièces détachées automobiles", "automotive spare parts"), ("cosmétiques naturels", "natural cosmetics"),
    ("vins de la vallée du Rhône", "Rhône valley wines"), ("outillages électroportatifs", "power tools"),
    ("luminaires à LED", "LED light fittings"), ("emballages recyclables", "recyclable packaging"),
)
_SERVICES = (
    ("conseil en organisation", "organisational consulting"), ("maintenance informatique", "IT maintenance"),
    ("nettoyage industriel", "industrial cleaning"), ("assistance comptable", "accounting support"),
    ("gestion de la paie", "payroll management"), ("audit énergétique", "energy audit"),
    ("formation professionnelle", "professional training"), ("hébergement de données", "data hosting"),
)
_WORKS = (
    ("des travaux d'usinage de précision", "precision machining work"), ("l'assemblage de cartes électroniques", "the assembly of circuit boards"),
    ("le conditionnement de produits cosmétiques", "the packaging of cosmetic products"), ("des développements logiciels", "software development work"),
)
_PROJECTS = (
    ("l'étude d'un rapprochement entre les Parties", "a possible combination of the Parties' businesses"),
    ("un projet de partenariat industriel", "a proposed industrial partnership"),
    ("l'examen d'une acquisition éventuelle", "the review of a possible acquisition"),
    ("la réponse commune à un appel d'offres", "a joint response to a call for tenders"),
)
_PURPOSES = (
    ("l'acquisition d'une ligne de production", "the purchase of a production line"),
    ("l'extension de son entrepôt", "the extension of its warehouse"),
    ("son besoin en fonds de roulement", "its working capital requirements"),
    ("l'acquisition de titres de participation", "the acquisition of shares"),
)
_SOFTWARE = ("Quartzia", "Nodalis ERP", "Veltrac", "Ombrelle Suite", "Sirocco Analytics", "Panoplie")
_USES = (("bureaux", "offices"), ("entrepôt et bureaux", "a warehouse with offices"), ("commerce de détail", "retail"), ("atelier de production", "a production workshop"))

_FR_MONTHS = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre")
_EN_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December")
_FR_NUMBERS = ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix")
_EN_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


@dataclass(frozen=True)
class _Law:
    key: str
    label: str  # canonical (greffier.dataroom.normalize.LAW_LABELS)
    metadata: tuple[str, ...]  # how data rooms write it
    fr: str
    en: str
    court_fr: str
    court_en: str


_LAWS: dict[str, _Law] = {
    law.key: law
    for law in (
        _Law("fr", "droit français", ("droit français", "droit français", "French law", "loi française"),
             "Le présent contrat est soumis au droit français.", "This Agreement shall be governed by and construed in accordance with the laws of France.",
             "le tribunal de commerce de {city}", "the courts of {city}, France"),
        _Law("en", "droit anglais", ("droit anglais", "English law", "laws of England and Wales"),
             "Le présent contrat est régi par le droit anglais.", "This Agreement is governed by the laws of England and Wales.",
             "les juridictions de Londres", "the courts of England and Wales"),
        _Law("ny", "droit de l'État de New York", ("droit new-yorkais", "New York law", "droit de l'État de New York"),
             "Le présent contrat est régi par le droit de l'État de New York.", "This Agreement is governed by the laws of the State of New York.",
             "les juridictions de l'État de New York siégeant à Manhattan", "the state and federal courts located in the Borough of Manhattan"),
        _Law("ch", "droit suisse", ("droit suisse", "Swiss law"),
             "Le présent contrat est soumis au droit suisse.", "This Agreement is governed by Swiss law.",
             "les tribunaux ordinaires de Genève", "the ordinary courts of Geneva"),
        _Law("de", "droit allemand", ("droit allemand", "German law"),
             "Le présent contrat est soumis au droit allemand.", "This Agreement is governed by the laws of the Federal Republic of Germany.",
             "les juridictions de Munich", "the courts of Munich"),
        _Law("be", "droit belge", ("droit belge", "Belgian law"),
             "Le présent contrat est soumis au droit belge.", "This Agreement is governed by Belgian law.",
             "les tribunaux de l'entreprise de Bruxelles", "the enterprise courts of Brussels"),
        _Law("lu", "droit luxembourgeois", ("droit luxembourgeois", "Luxembourg law"),
             "Le présent contrat est soumis au droit luxembourgeois.", "This Agreement is governed by the laws of the Grand Duchy of Luxembourg.",
             "les tribunaux de Luxembourg-Ville", "the courts of Luxembourg City"),
    )
}
_COUNTRY_LAW = {"FR": "fr", "GB": "en", "DE": "de", "US": "ny", "CH": "ch"}


@dataclass(frozen=True)
class _Kind:
    """A contract type: its labels, the parties' roles and the clauses it usually carries."""

    key: str
    label: str  # canonical label (greffier.dataroom.normalize.CONTRACT_TYPES)
    title_fr: str
    title_en: str
    to_fr: str  # « avenant n°1 au contrat de … »
    roles_fr: tuple[str, str]  # with their article: "le Prestataire"
    roles_en: tuple[str, str]
    years: tuple[int, ...]
    price: tuple[int, int]  # range of the yearly amount in euros; (0, 0): none
    price_kind: str  # fee | volume | rent | royalty | loan | commission | none
    core: tuple[str, ...]  # type-specific articles, always present
    likely: tuple[str, ...]  # optional articles this type often has
    slug: str
    folder: str


_KINDS: tuple[_Kind, ...] = (
    _Kind("services", "prestation de services", "Contrat de prestation de services", "Services Agreement", "au contrat de prestation de services",
          ("le Prestataire", "le Client"), ("the Provider", "the Customer"), (1, 2, 3, 3, 4, 5), (12_000, 480_000), "fee",
          ("service_levels",), ("liability", "confidentiality", "data_protection", "termination_for_convenience", "tacit_renewal"), "prestation", "04_Prestataires"),
    _Kind("distribution", "contrat de distribution", "Contrat de distribution", "Distribution Agreement", "au contrat de distribution",
          ("le Fournisseur", "le Distributeur"), ("the Supplier", "the Distributor"), (2, 3, 5, 5), (150_000, 2_500_000), "volume",
          (), ("exclusivity", "non_compete", "change_of_control", "tacit_renewal", "termination"), "distribution", "02_Commercial"),
    _Kind("supply", "contrat de fourniture", "Contrat de fourniture", "Supply Agreement", "au contrat de fourniture",
          ("le Fournisseur", "l'Acheteur"), ("the Supplier", "the Buyer"), (2, 3, 4, 5), (80_000, 3_000_000), "volume",
          ("delivery",), ("penalties", "exclusivity", "liability", "change_of_control", "force_majeure"), "fourniture", "02_Commercial"),
    _Kind("lease", "bail commercial", "Bail commercial", "Commercial Lease", "au bail commercial",
          ("le Bailleur", "le Preneur"), ("the Landlord", "the Tenant"), (9, 9, 9, 6, 10), (18_000, 420_000), "rent",
          ("premises", "deposit"), ("assignment", "termination", "change_of_control"), "bail", "03_Immobilier"),
    _Kind("nda", "accord de confidentialité", "Accord de confidentialité", "Non-Disclosure Agreement", "à l'accord de confidentialité",
          ("la Partie divulgatrice", "la Partie réceptrice"), ("the Disclosing Party", "the Receiving Party"), (2, 3, 5), (0, 0), "none",
          ("confidentiality",), ("non_compete", "assignment", "penalties"), "confidentialite", "01_Corporate"),
    _Kind("licence", "contrat de licence", "Contrat de licence de logiciel", "Software Licence Agreement", "au contrat de licence",
          ("le Concédant", "le Licencié"), ("the Licensor", "the Licensee"), (1, 3, 3, 5), (9_000, 260_000), "royalty",
          ("intellectual_property",), ("liability", "change_of_control", "tacit_renewal", "data_protection", "termination_for_convenience"), "licence", "05_PI_IT"),
    _Kind("loan", "contrat de prêt", "Contrat de prêt", "Loan Agreement", "au contrat de prêt",
          ("le Prêteur", "l'Emprunteur"), ("the Lender", "the Borrower"), (3, 5, 7), (200_000, 9_000_000), "loan",
          ("security",), ("change_of_control", "termination", "assignment"), "pret", "06_Financement"),
    _Kind("subcontracting", "contrat de sous-traitance", "Contrat de sous-traitance", "Subcontracting Agreement", "au contrat de sous-traitance",
          ("le Donneur d'ordre", "le Sous-traitant"), ("the Contractor", "the Subcontractor"), (1, 2, 3), (40_000, 900_000), "fee",
          ("delivery",), ("penalties", "confidentiality", "liability", "non_compete"), "sous_traitance", "04_Prestataires"),
    _Kind("agency", "contrat d'agence commerciale", "Contrat d'agence commerciale", "Commercial Agency Agreement", "au contrat d'agence commerciale",
          ("le Mandant", "l'Agent"), ("the Principal", "the Agent"), (2, 3, 5), (0, 0), "commission",
          (), ("exclusivity", "non_compete", "termination", "tacit_renewal"), "agence", "02_Commercial"),
    _Kind("logistics", "contrat de prestations logistiques", "Contrat de prestations logistiques", "Logistics Services Agreement", "au contrat de prestations logistiques",
          ("le Prestataire", "le Client"), ("the Provider", "the Customer"), (2, 3, 4), (60_000, 1_200_000), "fee",
          ("service_levels",), ("liability", "penalties", "tacit_renewal", "termination_for_convenience", "force_majeure"), "logistique", "04_Prestataires"),
)
_KIND_BY_KEY = {kind.key: kind for kind in _KINDS}
_FOLDER_BY_LABEL = {kind.label: kind.folder for kind in _KINDS} | {"avenant": "07_Avenants"}

# Articles in the order a contract lays them out.
_ARTICLE_ORDER = (
    "object", "premises", "intellectual_property", "delivery", "service_levels", "term", "tacit_renewal", "price",
    "deposit", "payment", "security", "penalties", "exclusivity", "non_compete", "confidentiality", "data_protection",
    "liability", "force_majeure", "change_of_control", "assignment", "termination", "termination_for_convenience",
    "notices", "entire_agreement", "governing_law", "jurisdiction",
)
_OPTIONAL_ARTICLES = (
    "tacit_renewal", "payment", "penalties", "exclusivity", "non_compete", "confidentiality", "data_protection",
    "liability", "force_majeure", "change_of_control", "assignment", "termination", "termination_for_convenience",
    "notices", "entire_agreement", "jurisdiction",
)

# ======================================================================================= helpers


def _strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return unicodedata.normalize("NFC", "".join(ch for ch in decomposed if not unicodedata.combining(ch)))


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", _strip_accents(text).lower()).strip("_")


def _add_years(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year + years)
    except ValueError:  # 29 February
        return day.replace(year=day.year + years, day=28)


def _first_of_next_month(day: date) -> date:
    return date(day.year + (day.month == 12), day.month % 12 + 1, 1)


def _random_date(rng: random.Random, first: date, last: date) -> date:
    return first + timedelta(days=rng.randint(0, max(0, (last - first).days)))


def valid_siren(rng: random.Random) -> str:
    """A random 9-digit SIREN with a correct Luhn check digit (never starting with 0)."""
    body = str(rng.randint(1, 9)) + "".join(str(rng.randint(0, 9)) for _ in range(7))
    return body + luhn.calc_check_digit(body)


def _spaced(digits: str) -> str:
    return " ".join(digits[i : i + 3] for i in range(0, len(digits), 3))


def date_text(day: date, language: Language, *, us: bool = False) -> str:
    """A date as running text writes it: « 1er avril 2022 », "1 April 2022" or "April 1, 2022"."""
    if language == "fr":
        return f"{'1er' if day.day == 1 else day.day} {_FR_MONTHS[day.month - 1]} {day.year}"
    if us:
        return f"{_EN_MONTHS[day.month - 1]} {day.day}, {day.year}"
    return f"{day.day} {_EN_MONTHS[day.month - 1]} {day.year}"


#: Metadata date styles with their weights: ISO, « 28 mars 2022 », 03/06/2024, 2019/10/14...
_DATE_STYLES: tuple[tuple[str, int], ...] = (
    ("iso", 45), ("fr_long", 14), ("dmy_slash", 14), ("ymd_slash", 4), ("iso_time", 4), ("dmy_dash", 4),
    ("dmy_dot", 4), ("en_long", 6), ("en_us", 5),
)


def format_metadata_date(day: date, style: str) -> str:
    """``day`` written in one of the styles of :data:`_DATE_STYLES`. Raises KeyError for an unknown style."""
    writers: dict[str, Callable[[date], str]] = {
        "iso": lambda d: d.isoformat(),
        "fr_long": lambda d: date_text(d, "fr"),
        "dmy_slash": lambda d: f"{d.day:02d}/{d.month:02d}/{d.year}",
        "ymd_slash": lambda d: f"{d.year}/{d.month:02d}/{d.day:02d}",
        "iso_time": lambda d: f"{d.isoformat()}T00:00:00Z",
        "dmy_dash": lambda d: f"{d.day:02d}-{d.month:02d}-{d.year}",
        "dmy_dot": lambda d: f"{d.day:02d}.{d.month:02d}.{d.year}",
        "en_long": lambda d: date_text(d, "en"),
        "en_us": lambda d: date_text(d, "en", us=True),
    }
    return writers[style](day)


def _weighted(rng: random.Random, options: Sequence[tuple[Any, int]]) -> Any:
    values, weights = zip(*options)
    return rng.choices(values, weights=weights)[0]


def _fr_duration(years: int) -> str:
    """« d'un an », « de trois ans », « de 12 ans »: the complement of « pour une durée … »."""
    if years == 1:
        return "d'un an"
    words = _FR_NUMBERS[years] if years < len(_FR_NUMBERS) else str(years)
    return f"de {words} ans"


def _en_duration(years: int) -> str:
    words = _EN_NUMBERS[years] if years < len(_EN_NUMBERS) else str(years)
    return f"{words} ({years}) year{'s' if years > 1 else ''}"


def _fr_money(amount: int, *, tax: bool = True) -> str:
    return f"{amount:,}".replace(",", " ") + (" euros hors taxes" if tax else " euros")


def _en_money(amount: int, *, tax: bool = True) -> str:
    return f"EUR {amount:,}" + (" (excluding VAT)" if tax else "")


def _fr_of(role: str) -> str:
    """« le Client » → « du Client », « la Partie » → « de la Partie », « l'Agent » → « de l'Agent »."""
    if role.startswith("le "):
        return "du " + role[3:]
    return "de " + role


def _fr_to(role: str) -> str:
    """« le Client » → « au Client », « la Partie » → « à la Partie », « l'Agent » → « à l'Agent »."""
    if role.startswith("le "):
        return "au " + role[3:]
    return "à " + role


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _bare(role: str) -> str:
    """« le Prestataire » → « Prestataire », "the Provider" → "Provider"."""
    return re.sub(r"^(?:le |la |l'|the )", "", role)


# ================================================================================ company pool


def _invent_stem(rng: random.Random) -> str:
    stem = rng.choice(_STEM_HEADS) + rng.choice(_STEM_MIDS) + rng.choice(_STEM_TAILS)
    return stem.replace("éé", "é")


def _company_name(rng: random.Random, stem: str, country: str) -> str:
    if country == "FR":
        roll = rng.random()
        if roll < 0.25:
            return f"{rng.choice(_FR_BEFORE)} {stem}"
        if roll < 0.75:
            return f"{stem} {rng.choice(_FR_AFTER)}"
        return stem
    return f"{stem} {rng.choice(_FOREIGN_AFTER[country])}"


def _make_company(rng: random.Random, company_id: str, short_name: str, country: str, form: str | None = None) -> Company:
    form = form or rng.choice(_FORMS_BY_COUNTRY[country])
    if country == "FR":
        city, postcode = rng.choice(_FR_CITIES)
        address = f"{rng.randint(1, 120)} {rng.choice(_FR_STREETS)}, {postcode} {city}"
        siren: str | None = valid_siren(rng)
        registry = siren
    else:
        city, postcode = rng.choice(_FOREIGN_CITIES[country])
        street = rng.choice(_FOREIGN_STREETS[country])
        address = f"{rng.randint(1, 240)} {street}, {city} {postcode}" if country in ("GB", "US") else f"{street} {rng.randint(1, 90)}, {postcode} {city}"
        siren = None
        registry = {
            "GB": lambda: f"{rng.randint(1_000_000, 13_999_999):08d}",
            "DE": lambda: f"HRB {rng.randint(10_000, 249_999)}",
            "US": lambda: f"{rng.randint(3_000_000, 7_999_999)}",
            "CH": lambda: f"CHE-{rng.randint(100, 999)}.{rng.randint(100, 999)}.{rng.randint(100, 999)}",
        }[country]()
    name = f"{short_name} {form}"
    spellings = [name.upper(), short_name]
    if _strip_accents(name) != name:
        spellings.append(_strip_accents(name))
    capital = rng.choice((1_000, 10_000, 20_000, 37_000, 50_000, 150_000, 500_000, 1_200_000, 3_000_000))
    return Company(company_id, name, short_name, form, country, siren, city, address, capital, registry, tuple(spellings))


def _lookalike_short_name(rng: random.Random, short_name: str) -> str:
    """A name one letter away from ``short_name``'s stem, with another descriptor: Ferlande → Ferlandes Transports."""
    stem = short_name.split()[-1] if short_name.split()[0] in _FR_BEFORE else short_name.split()[0]
    if "i" in stem[1:] and rng.random() < 0.5:
        index = stem.index("i", 1)
        twin = stem[:index] + "y" + stem[index + 1 :]
    else:
        twin = stem + "s"
    return f"{twin} {rng.choice(_FR_AFTER)}"


def build_companies(rng: random.Random, count: int) -> tuple[list[Company], list[tuple[str, str]]]:
    """``count`` invented companies (unique names) and the pairs of look-alike names among them."""
    companies: list[Company] = []
    lookalikes: list[tuple[str, str]] = []
    used: set[str] = set()
    while len(companies) < count:
        country = _weighted(rng, _COUNTRY_WEIGHTS)
        short_name = _company_name(rng, _invent_stem(rng), country)
        if short_name in used:
            continue
        used.add(short_name)
        company = _make_company(rng, f"E{len(companies) + 1:04d}", short_name, country)
        companies.append(company)
        if country == "FR" and len(companies) < count and rng.random() < 0.06:
            twin_name = _lookalike_short_name(rng, short_name)
            if twin_name not in used:
                used.add(twin_name)
                forms = [f for f in ("SAS", "SARL", "SA") if f != company.legal_form]
                twin = _make_company(rng, f"E{len(companies) + 1:04d}", twin_name, "FR", rng.choice(forms))
                companies.append(twin)
                lookalikes.append((company.id, twin.id))
    return companies, lookalikes


# ===================================================================================== specs


@dataclass(frozen=True)
class _Spec:
    """Everything a contract's text says, before it is written in one language or the other."""

    key: int
    kind: _Kind
    language: Language
    parties: tuple[Company, Company]
    signature_date: date
    signed: bool
    start_date: date
    years: int | None  # None: indefinite term
    end_date: date | None
    law: _Law | None
    court_city: str
    signature_city: str
    articles: tuple[str, ...]  # keys of _ARTICLE_ORDER; "liability" resolved to liability_cap/uncapped
    params: Mapping[str, Any]
    paragraphs: tuple[int, int]
    # amendments only
    amendment: Amendment | None = None
    target_kind: _Kind | None = None

    @property
    def flags(self) -> tuple[str, ...]:
        present = set(self.articles)
        flags = {a for a in present if a in FLAG_CLAUSES}
        if "assignment" in present:
            flags.add("assignment_restriction")
        return tuple(f for f in FLAG_CLAUSES if f in flags)


def _choose_law(rng: random.Random, parties: tuple[Company, Company]) -> _Law:
    foreign = [p.country for p in parties if p.country != "FR"]
    if not foreign:
        return _LAWS[_weighted(rng, (("fr", 95), ("be", 2), ("lu", 2), ("ch", 1)))]
    roll = rng.random()
    if roll < 0.5:
        return _LAWS[_COUNTRY_LAW[foreign[0]]]
    return _LAWS["fr"] if roll < 0.9 else _LAWS[rng.choice(("en", "ch", "lu"))]


def _choose_articles(rng: random.Random, kind: _Kind, count: int, *, has_law: bool, indefinite: bool) -> tuple[str, ...]:
    chosen = ["object", "term", *kind.core]
    if kind.price_kind != "none":
        chosen.append("price")
    if has_law:
        chosen.append("governing_law")
    optional = [a for a in _OPTIONAL_ARTICLES if a not in chosen and not (indefinite and a == "tacit_renewal")]
    weights = [4 if a in kind.likely else 1 for a in optional]
    while len(chosen) < count and optional:
        pick = rng.choices(range(len(optional)), weights=weights)[0]
        chosen.append(optional.pop(pick))
        weights.pop(pick)
    resolved = []
    for article in chosen:
        if article == "liability":
            article = "uncapped_liability" if rng.random() < 0.12 else "liability_cap"
        resolved.append(article)
    order = {a: i for i, a in enumerate(_ARTICLE_ORDER)}
    order |= {"liability_cap": order["liability"], "uncapped_liability": order["liability"]}
    return tuple(sorted(resolved, key=order.__getitem__))


def _params(rng: random.Random, kind: _Kind) -> dict[str, Any]:
    low, high = kind.price
    price = round(rng.randint(low, high), -3 if high > 100_000 else -2) if high else 0
    return {
        "price": price,
        "payment_days": rng.choice((30, 45, 60)),
        "breach_days": rng.choice((15, 30, 30, 60)),
        "convenience_days": rng.choice((15, 30, 60, 90)),
        "coc_days": rng.choice((30, 60, 90)),
        "renewal_months": rng.choice((1, 3, 3, 6)),
        "noncompete_months": rng.choice((6, 12, 12, 18, 24)),
        "confidentiality_years": rng.choice((2, 3, 5, 5, 10)),
        "cap_amount": rng.choice((50_000, 100_000, 250_000, 500_000, 1_000_000)),
        "cap_basis": rng.random() < 0.5,  # capped at the fees of the last twelve months rather than an amount
        "penalty_rate": rng.choice(("0,5", "1", "0,2")),
        "penalty_cap": rng.choice((5, 10, 15)),
        "territory": rng.randrange(len(_TERRITORIES)),
        "goods": rng.randrange(len(_GOODS)),
        "service": rng.randrange(len(_SERVICES)),
        "work": rng.randrange(len(_WORKS)),
        "project": rng.randrange(len(_PROJECTS)),
        "purpose": rng.randrange(len(_PURPOSES)),
        "use": rng.randrange(len(_USES)),
        "software": rng.choice(_SOFTWARE),
        "area": rng.randint(4, 180) * 10,
        "premises_street": f"{rng.randint(1, 90)} {rng.choice(_FR_STREETS)}",
        "deposit_months": rng.choice((3, 3, 6)),
        "interest": rng.choice(("2,15", "3,40", "4,05", "4,80", "5,25")),
        "instalments": rng.choice(("trimestrielles", "mensuelles")),
        "commission": rng.choice((4, 5, 7, 8, 10)),
        "hours": rng.choice((4, 8, 24)),
        "sla": rng.choice(("99,5", "99,8", "99,9")),
        "delivery_days": rng.choice((5, 10, 15)),
        "force_days": rng.choice((30, 60, 90)),
        "signatories": (rng.randrange(1000), rng.randrange(1000)),
        "heading_style": rng.randrange(3),
    }


def _original_spec(
    rng: random.Random, key: int, companies: Sequence[Company], group: Sequence[Company], languages: Sequence[Language],
    *, articles: tuple[int, int], paragraphs: tuple[int, int],
) -> _Spec:
    kind = rng.choice(_KINDS)
    if rng.random() < GROUP_SHARE:
        first = second = rng.choice(group)
        while second.id == first.id:
            second = rng.choice(companies)
        parties = (first, second) if rng.random() < 0.5 else (second, first)
    else:
        first, second = rng.sample(list(companies), 2)
        parties = (first, second)
    foreign = any(p.country != "FR" for p in parties)
    if len(languages) == 1:
        language = languages[0]
    else:
        language = "en" if rng.random() < (0.75 if foreign else 0.12) else "fr"
    signature = _random_date(rng, date(2014, 1, 1), date(2026, 9, 30))
    start = signature if rng.random() < 0.6 else _first_of_next_month(signature)
    indefinite = kind.key in ("services", "agency", "logistics") and rng.random() < INDEFINITE_TERM_RATE
    years = None if indefinite else rng.choice(kind.years)
    end = None if years is None else _add_years(start, years) - timedelta(days=1)
    law = None if rng.random() < NO_LAW_CLAUSE_RATE else _choose_law(rng, parties)
    french_cities = [p.city for p in parties if p.country == "FR"] or [rng.choice(_FR_CITIES)[0]]
    count = rng.randint(*articles)
    return _Spec(
        key=key, kind=kind, language=language, parties=parties, signature_date=signature,
        signed=rng.random() >= UNSIGNED_RATE, start_date=start, years=years, end_date=end, law=law,
        court_city=rng.choice(french_cities), signature_city=rng.choice([p.city for p in parties]),
        articles=_choose_articles(rng, kind, count, has_law=law is not None, indefinite=indefinite),
        params=_params(rng, kind), paragraphs=paragraphs,
    )


# ===================================================================================== rendering


@dataclass
class _Render:
    """One text being written: the slots of its templates and a random source for wording choices."""

    spec: _Spec
    language: Language
    rng: random.Random
    slots: dict[str, str] = field(default_factory=dict)

    def pick(self, options: Sequence[str]) -> str:
        return self.rng.choice(options).format_map(self.slots)

    def fill(self, template: str) -> str:
        return template.format_map(self.slots)


def _slots(spec: _Spec, language: Language) -> dict[str, str]:
    kind, p = spec.kind, spec.params
    roles = kind.roles_fr if language == "fr" else kind.roles_en
    us = language == "en" and any(c.country == "US" for c in spec.parties)
    index = 0 if language == "fr" else 1
    slots = {
        "A": roles[0], "B": roles[1], "A_cap": _cap(roles[0]), "B_cap": _cap(roles[1]),
        "A_de": _fr_of(roles[0]), "B_de": _fr_of(roles[1]), "A_a": _fr_to(roles[0]), "B_a": _fr_to(roles[1]),
        "A_bare": _bare(roles[0]), "B_bare": _bare(roles[1]),
        "start": date_text(spec.start_date, language, us=us),
        "end": date_text(spec.end_date, language, us=us) if spec.end_date else "",
        "signed_on": date_text(spec.signature_date, language, us=us),
        "territory": _TERRITORIES[p["territory"]][index], "goods": _GOODS[p["goods"]][index],
        "service": _SERVICES[p["service"]][index], "work": _WORKS[p["work"]][index],
        "project": _PROJECTS[p["project"]][index], "purpose": _PURPOSES[p["purpose"]][index],
        "use": _USES[p["use"]][index], "software": p["software"], "area": str(p["area"]),
        "premises": f"{p['premises_street']}, {spec.parties[0].city if spec.parties[0].country == 'FR' else spec.court_city}",
        "court_city": spec.court_city, "city": spec.signature_city,
        "payment_days": str(p["payment_days"]), "breach_days": str(p["breach_days"]),
        "convenience_days": str(p["convenience_days"]), "coc_days": str(p["coc_days"]),
        "renewal_months": str(p["renewal_months"]), "noncompete_months": str(p["noncompete_months"]),
        "confidentiality_years": str(p["confidentiality_years"]), "penalty_cap": str(p["penalty_cap"]),
        "commission": str(p["commission"]), "hours": str(p["hours"]), "delivery_days": str(p["delivery_days"]),
        "force_days": str(p["force_days"]), "deposit_months": str(p["deposit_months"]),
    }
    money = _fr_money if language == "fr" else _en_money
    slots["price"] = money(p["price"], tax=kind.price_kind != "loan") if p["price"] else ""
    slots["cap_amount"] = money(p["cap_amount"], tax=False)
    slots["deposit"] = money(p["price"] * p["deposit_months"] // 12, tax=False) if p["price"] else ""
    if language == "fr":
        slots |= {"penalty_rate": p["penalty_rate"], "interest": p["interest"], "sla": p["sla"], "instalments": p["instalments"]}
        slots["duration"] = _fr_duration(spec.years) if spec.years else ""
    else:
        slots |= {
            "penalty_rate": p["penalty_rate"].replace(",", "."), "interest": p["interest"].replace(",", "."),
            "sla": p["sla"].replace(",", "."), "instalments": "quarterly" if p["instalments"] == "trimestrielles" else "monthly",
        }
        slots["duration"] = _en_duration(spec.years) if spec.years else ""
    return slots


# --- article bodies -----------------------------------------------------------------------------
# Each function returns the article's own paragraphs (at least one); long texts get generic ones after.

_HEADINGS: dict[str, tuple[str, str]] = {
    "object": ("Objet", "Purpose"), "premises": ("Désignation des locaux", "Premises"),
    "intellectual_property": ("Propriété intellectuelle", "Intellectual property"), "delivery": ("Commandes et livraisons", "Orders and delivery"),
    "service_levels": ("Niveaux de service", "Service levels"), "term": ("Durée", "Term"),
    "tacit_renewal": ("Reconduction", "Renewal"), "price": ("Prix", "Price"), "deposit": ("Dépôt de garantie", "Security deposit"),
    "payment": ("Conditions de paiement", "Payment terms"), "security": ("Sûretés", "Security"), "penalties": ("Pénalités", "Penalties"),
    "exclusivity": ("Exclusivité", "Exclusivity"), "non_compete": ("Non-concurrence", "Non-competition"),
    "confidentiality": ("Confidentialité", "Confidentiality"), "data_protection": ("Données personnelles", "Data protection"),
    "liability_cap": ("Responsabilité", "Liability"), "uncapped_liability": ("Responsabilité", "Liability"),
    "force_majeure": ("Force majeure", "Force majeure"), "change_of_control": ("Changement de contrôle", "Change of control"),
    "assignment": ("Cession du contrat", "Assignment"), "termination": ("Résiliation", "Termination"),
    "termination_for_convenience": ("Résiliation anticipée", "Termination for convenience"), "notices": ("Notifications", "Notices"),
    "entire_agreement": ("Intégralité de l'accord", "Entire agreement"), "governing_law": ("Loi applicable", "Governing law"),
    "jurisdiction": ("Attribution de juridiction", "Jurisdiction"),
    "amended_contract": ("Contrat modifié", "Amended agreement"), "new_term": ("Report du terme", "Extension of the term"),
    "new_price": ("Nouveau prix", "New price"), "unchanged": ("Stipulations inchangées", "Other provisions"),
    "effective_date": ("Entrée en vigueur", "Effective date"),
}
_PRICE_HEADINGS = {"rent": ("Loyer", "Rent"), "loan": ("Intérêts et remboursement", "Interest and repayment"), "royalty": ("Redevance", "Licence fee"), "commission": ("Commission", "Commission")}


def _object(r: _Render) -> list[str]:
    fr = r.language == "fr"
    texts = {
        "services": ("Le présent contrat a pour objet de définir les conditions dans lesquelles {A} réalise pour le compte {B_de} des prestations de {service}, décrites en annexe 1.",
                     "This Agreement sets out the terms on which {A} provides {B} with {service} services, as described in Schedule 1."),
        "distribution": ("{A_cap} confie {B_a} la revente de ses {goods} auprès de la clientèle professionnelle et des détaillants.",
                         "{A_cap} appoints {B} to resell its {goods} to trade customers and retailers."),
        "supply": ("{A_cap} s'engage à fournir {B_a} les {goods} nécessaires à son activité, selon les commandes que {B} lui adresse.",
                   "{A_cap} undertakes to supply {B} with the {goods} it needs for its business, on the orders placed by {B}."),
        "lease": ("{A_cap} donne à bail commercial {B_a}, qui accepte, des locaux situés {premises}, à usage de {use}.",
                  "{A_cap} lets to {B}, who accepts, the premises located at {premises}, to be used as {use}."),
        "nda": ("Le présent accord définit les conditions dans lesquelles {A} communique {B_a} des informations confidentielles dans le cadre de {project}.",
                "This Agreement sets out the terms on which {A} discloses confidential information to {B} in connection with {project}."),
        "licence": ("{A_cap} concède {B_a} une licence non exclusive et non transférable d'utilisation du logiciel {software}, pour les seuls besoins internes {B_de}.",
                    "{A_cap} grants {B} a non-exclusive, non-transferable licence to use the {software} software for {B}'s internal purposes only."),
        "loan": ("{A_cap} consent {B_a} un prêt d'un montant en principal de {price}, destiné au financement de {purpose}.",
                 "{A_cap} makes available to {B} a loan in a principal amount of {price} to finance {purpose}."),
        "subcontracting": ("{A_cap} confie {B_a}, qui l'accepte, la réalisation de {work} pour les besoins de ses propres clients.",
                           "{A_cap} entrusts {B} with {work} for the purposes of its own customers."),
        "agency": ("{A_cap} confie {B_a} le mandat de négocier et de conclure, en son nom et pour son compte, la vente de ses {goods} sur {territory}.",
                   "{A_cap} appoints {B} as its agent to negotiate and conclude, in its name and on its behalf, sales of its {goods} in {territory}."),
        "logistics": ("{A_cap} assure pour le compte {B_de} le stockage, la préparation des commandes et la livraison de ses {goods}, depuis son entrepôt de {city}.",
                      "{A_cap} stores, picks and delivers {B}'s {goods} from its warehouse in {city}."),
    }
    return [r.fill(texts[r.spec.kind.key][0 if fr else 1])]


def _term(r: _Render) -> list[str]:
    spec = r.spec
    if spec.years is None:
        return [r.pick((
            "Le présent contrat est conclu pour une durée indéterminée à compter du {start}.",
            "Le contrat prend effet le {start} ; il est conclu pour une durée indéterminée.",
        ) if r.language == "fr" else (
            "This Agreement is entered into for an indefinite term commencing on {start}.",
            "This Agreement takes effect on {start} and shall continue for an indefinite period.",
        ))]
    if spec.kind.key == "loan":
        return [r.pick((
            "Le prêt est consenti pour une durée {duration} à compter de sa mise à disposition le {start}. Il est remboursé par échéances {instalments} constantes, la dernière échéance étant exigible le {end}.",
        ) if r.language == "fr" else (
            "The loan is granted for a term of {duration} from its drawdown on {start}. It shall be repaid in equal {instalments} instalments, the last of which falls due on {end}.",
        ))]
    if spec.kind.key == "lease" and spec.years == 9:
        return [r.pick((
            "Le bail est consenti pour une durée de neuf années entières et consécutives à compter du {start}, soit jusqu'au {end}.",
            "Le bail prend effet le {start} pour neuf ans ; il expirera le {end}.",
        ) if r.language == "fr" else (
            "The lease is granted for a term of nine (9) years from {start}, expiring on {end}.",
        ))]
    return [r.pick((
        "Le présent contrat est conclu pour une durée {duration} à compter du {start}.",
        "Le présent contrat est conclu pour une durée {duration} à compter du {start} et prendra fin le {end}.",
        "Le contrat entre en vigueur le {start} pour une durée {duration}, soit jusqu'au {end} inclus.",
    ) if r.language == "fr" else (
        "This Agreement is entered into for a term of {duration} commencing on {start}.",
        "This Agreement shall come into force on {start} and shall expire on {end}.",
        "This Agreement is made for a term of {duration} from {start}, ending on {end}.",
    ))]


def _price(r: _Render) -> list[str]:
    kind = r.spec.kind.price_kind
    fr = {
        "fee": ("En rémunération des prestations, {B} verse {A_a} un prix forfaitaire annuel de {price}, payable par échéances mensuelles.",
                "Le prix annuel des prestations est fixé à {price} ; il est révisé chaque année selon l'indice Syntec."),
        "volume": ("Les produits sont facturés au tarif en vigueur à la date de la commande. {B_cap} s'engage sur un volume d'achat annuel minimal de {price}.",
                   "Le prix des produits est celui du barème annexé au contrat ; le chiffre d'affaires annuel minimal convenu s'élève à {price}."),
        "rent": ("Le loyer annuel est fixé à {price}, payable trimestriellement et d'avance. Il est révisé chaque année en fonction de l'indice des loyers commerciaux.",),
        "royalty": ("En contrepartie de la licence, {B} verse {A_a} une redevance annuelle de {price}, payable d'avance au 1er janvier de chaque année.",),
        "loan": ("Le prêt porte intérêt au taux fixe de {interest} % l'an, calculé sur la base d'une année de 360 jours et payable à chaque échéance.",),
        "commission": ("{A_cap} verse {B_a} une commission de {commission} % du chiffre d'affaires hors taxes réalisé sur les commandes acceptées et payées.",),
    }
    en = {
        "fee": ("In consideration for the services, {B} shall pay {A} an annual fixed fee of {price}, in monthly instalments.",
                "The annual price of the services is {price}, indexed each year on the Syntec index."),
        "volume": ("Products are invoiced at the price list in force on the order date. {B_cap} commits to a minimum annual purchase volume of {price}.",),
        "rent": ("The annual rent is {price}, payable quarterly in advance and indexed each year on the commercial rent index.",),
        "royalty": ("In consideration for the licence, {B} shall pay {A} an annual licence fee of {price}, payable in advance on 1 January of each year.",),
        "loan": ("The loan bears interest at a fixed rate of {interest}% per annum, calculated on the basis of a 360-day year and payable on each instalment date.",),
        "commission": ("{A_cap} shall pay {B} a commission of {commission}% of the net turnover of accepted and paid orders.",),
    }
    return [r.pick((fr if r.language == "fr" else en)[kind])]


_FR_BODIES: dict[str, tuple[str, ...]] = {
    "premises": ("Les locaux, d'une surface utile d'environ {area} m², sont situés {premises}. {B_cap} déclare les bien connaître pour les avoir visités.",),
    "intellectual_property": ("{A_cap} demeure seul titulaire de l'ensemble des droits de propriété intellectuelle sur le logiciel {software} et sa documentation.",),
    "delivery": ("Les livraisons sont effectuées au site {B_de} dans un délai de {delivery_days} jours ouvrés à compter de l'acceptation de la commande.",),
    "service_levels": ("{A_cap} s'engage à traiter toute demande dans un délai de {hours} heures ouvrées et à assurer un taux de disponibilité de {sla} %.",),
    "tacit_renewal": (
        "À l'arrivée de son terme, le contrat sera reconduit tacitement par périodes successives d'un an, sauf dénonciation par l'une des Parties notifiée par lettre recommandée avec accusé de réception au moins {renewal_months} mois avant l'échéance.",
        "Le contrat se renouvelle ensuite par tacite reconduction pour des périodes d'un an, chaque Partie pouvant s'y opposer moyennant un préavis de {renewal_months} mois.",
    ),
    "deposit": ("{B_cap} verse ce jour un dépôt de garantie de {deposit}, correspondant à {deposit_months} mois de loyer, qui lui sera restitué en fin de bail déduction faite des sommes dues.",),
    "payment": (
        "Les factures sont payables à {payment_days} jours à compter de leur date d'émission, par virement. Tout retard de paiement entraîne de plein droit des intérêts de retard au taux de trois fois le taux d'intérêt légal et une indemnité forfaitaire de 40 euros pour frais de recouvrement.",
        "Le paiement intervient par virement bancaire à {payment_days} jours fin de mois. Les sommes impayées à l'échéance portent intérêt au taux de trois fois le taux d'intérêt légal.",
    ),
    "security": ("En garantie du remboursement du prêt, {B} consent {A_a} un nantissement de premier rang sur son fonds de commerce.",),
    "penalties": (
        "Tout retard {A_de} dans l'exécution de ses obligations donne lieu, après mise en demeure restée sans effet pendant huit jours, au paiement d'une pénalité de {penalty_rate} % du prix annuel par jour de retard, plafonnée à {penalty_cap} % de ce prix.",
    ),
    "exclusivity": (
        "{A_cap} concède {B_a} l'exclusivité sur {territory} pendant toute la durée du contrat et s'interdit d'y désigner un autre cocontractant pour les mêmes produits.",
        "{B_cap} s'engage à s'approvisionner exclusivement auprès {A_de} pour les produits visés au contrat, sur {territory}.",
    ),
    "non_compete": (
        "Pendant toute la durée du contrat et pendant {noncompete_months} mois suivant sa cessation, {B} s'interdit d'exercer, directement ou indirectement, une activité concurrente de celle {A_de} sur {territory}.",
    ),
    "confidentiality": (
        "Chacune des Parties s'engage à garder strictement confidentielles les informations de toute nature communiquées par l'autre Partie, pendant toute la durée du contrat et pendant {confidentiality_years} ans après son expiration.",
        "Les informations échangées au titre du contrat sont confidentielles ; elles ne peuvent être divulguées à des tiers sans l'accord écrit de la Partie qui les a communiquées, cette obligation survivant {confidentiality_years} ans à la fin du contrat.",
    ),
    "data_protection": (
        "Chaque Partie traite les données à caractère personnel auxquelles elle a accès conformément au règlement (UE) 2016/679 (RGPD) et à la loi Informatique et Libertés. Lorsque {A} agit en qualité de sous-traitant, il ne traite ces données que sur instruction documentée {B_de}.",
    ),
    "liability_cap": (
        "La responsabilité totale de chacune des Parties au titre du contrat est limitée, toutes causes confondues, à {cap}, sauf faute lourde ou dolosive.",
    ),
    "uncapped_liability": (
        "Par dérogation à toute stipulation contraire, la responsabilité {A_de} au titre du contrat n'est soumise à aucun plafond et couvre l'intégralité des préjudices directs et indirects subis par {B}.",
    ),
    "force_majeure": (
        "Aucune des Parties n'est responsable d'un manquement résultant d'un cas de force majeure au sens de l'article 1218 du Code civil. Si l'empêchement dure plus de {force_days} jours, chaque Partie peut résilier le contrat par lettre recommandée.",
    ),
    "change_of_control": (
        "En cas de changement de contrôle {B_de}, au sens de l'article L. 233-3 du Code de commerce, {B} en informe {A} dans les quinze jours. {A_cap} peut alors résilier le contrat de plein droit, sans indemnité, dans les {coc_days} jours suivant cette information.",
    ),
    "assignment": (
        "Le contrat est conclu intuitu personae. Aucune des Parties ne peut le céder ou le transférer, en tout ou partie, sans l'accord préalable et écrit de l'autre Partie.",
    ),
    "termination": (
        "En cas de manquement de l'une des Parties à ses obligations, non réparé dans un délai de {breach_days} jours à compter d'une mise en demeure adressée par lettre recommandée avec accusé de réception, l'autre Partie peut résilier le contrat de plein droit, sans préjudice de tous dommages et intérêts.",
    ),
    "termination_for_convenience": (
        "Chacune des Parties peut résilier le contrat à tout moment, sans motif et sans indemnité, moyennant un préavis de {convenience_days} jours notifié par lettre recommandée avec accusé de réception.",
        "{B_cap} peut mettre fin au contrat pour convenance, sans avoir à justifier d'un motif, sous réserve d'un préavis de {convenience_days} jours.",
    ),
    "notices": ("Toute notification au titre du contrat est faite par écrit et adressée au siège social de son destinataire par lettre recommandée avec accusé de réception ou remise en main propre contre décharge.",),
    "entire_agreement": ("Le contrat et ses annexes expriment l'intégralité de l'accord des Parties et remplacent tout accord antérieur relatif au même objet.",),
    "jurisdiction": ("Tout litige relatif à la validité, à l'interprétation ou à l'exécution du présent contrat sera soumis à {court}.",),
}
_EN_BODIES: dict[str, tuple[str, ...]] = {
    "premises": ("The premises, with a floor area of approximately {area} square metres, are located at {premises}. {B_cap} acknowledges having inspected them.",),
    "intellectual_property": ("{A_cap} retains all intellectual property rights in the {software} software and its documentation.",),
    "delivery": ("Deliveries shall be made to {B}'s site within {delivery_days} business days of acceptance of the order.",),
    "service_levels": ("{A_cap} shall respond to any request within {hours} business hours and ensure an availability rate of {sla}%.",),
    "tacit_renewal": (
        "Upon expiry, this Agreement shall be automatically renewed for successive periods of one (1) year unless either Party gives written notice of non-renewal at least {renewal_months} months before the expiry date.",
    ),
    "deposit": ("{B_cap} shall pay a security deposit of {deposit}, equal to {deposit_months} months' rent, to be returned at the end of the lease less any sums then due.",),
    "payment": (
        "Invoices are payable within {payment_days} days of their date by bank transfer. Late payments bear interest at three times the French statutory interest rate, plus a fixed recovery fee of EUR 40.",
    ),
    "security": ("As security for the repayment of the loan, {B} grants {A} a first-ranking pledge over its business.",),
    "penalties": (
        "Any delay by {A} in performing its obligations shall give rise, after a formal notice that remains unheeded for eight days, to a penalty of {penalty_rate}% of the annual price per day of delay, capped at {penalty_cap}% of such price.",
    ),
    "exclusivity": (
        "{A_cap} grants {B} exclusivity in {territory} for the term of this Agreement and shall not appoint any other party there for the same products.",
        "{B_cap} shall purchase the products covered by this Agreement exclusively from {A} in {territory}.",
    ),
    "non_compete": (
        "During the term of this Agreement and for {noncompete_months} months after its termination, {B} shall not, directly or indirectly, carry on any business competing with that of {A} in {territory}.",
    ),
    "confidentiality": (
        "Each Party shall keep confidential all information disclosed by the other Party in connection with this Agreement, during its term and for {confidentiality_years} years after its expiry.",
    ),
    "data_protection": (
        "Each Party shall process personal data in accordance with Regulation (EU) 2016/679 (GDPR). Where {A} acts as a processor, it shall process personal data only on the documented instructions of {B}.",
    ),
    "liability_cap": ("Each Party's total aggregate liability under this Agreement shall not exceed {cap}, save in the case of gross negligence or wilful misconduct.",),
    "uncapped_liability": ("Notwithstanding any other provision, the liability of {A} under this Agreement shall be unlimited and shall cover all direct and indirect losses suffered by {B}.",),
    "force_majeure": (
        "Neither Party shall be liable for any failure to perform caused by an event beyond its reasonable control. If such event continues for more than {force_days} days, either Party may terminate this Agreement by written notice.",
    ),
    "change_of_control": (
        "If {B} undergoes a change of control (any person acquiring, directly or indirectly, more than 50% of its voting rights), it shall notify {A} within fifteen (15) days, and {A} may terminate this Agreement by written notice within {coc_days} days of such notification.",
    ),
    "assignment": ("Neither Party may assign or transfer this Agreement, in whole or in part, without the prior written consent of the other Party.",),
    "termination": (
        "Either Party may terminate this Agreement by written notice if the other Party commits a material breach which is not remedied within {breach_days} days of receiving notice requiring it to be remedied.",
    ),
    "termination_for_convenience": (
        "Either Party may terminate this Agreement for convenience at any time by giving not less than {convenience_days} days' written notice to the other Party.",
        "{B_cap} may terminate this Agreement for convenience, without cause, on {convenience_days} days' written notice.",
    ),
    "notices": ("Any notice under this Agreement shall be in writing and delivered by hand or sent by recorded delivery to the registered office of the addressee.",),
    "entire_agreement": ("This Agreement and its schedules constitute the entire agreement between the Parties and supersede all prior agreements relating to its subject matter.",),
    "jurisdiction": ("Any dispute relating to the validity, interpretation or performance of this Agreement shall be submitted to the exclusive jurisdiction of {court}.",),
}

# Generic sentences that make long contracts long: each fits any article and has varying slots.
_FR_GENERIC = (
    "Les Parties se réunissent au moins une fois par {period_fr} afin de faire le point sur l'exécution des présentes stipulations.",
    "Toute dérogation au présent article doit faire l'objet d'un accord écrit signé par les représentants habilités des deux Parties.",
    "{A_cap} tient à la disposition {B_de} un état détaillé des opérations réalisées au cours des {n} derniers mois.",
    "Les stipulations du présent article s'appliquent sans préjudice des dispositions légales d'ordre public.",
    "Les délais visés au présent article se computent en jours calendaires, sauf stipulation contraire.",
    "Chaque Partie désigne un interlocuteur chargé du suivi des questions relevant du présent article ; il peut être remplacé moyennant une information écrite de l'autre Partie.",
    "En cas de difficulté d'interprétation, les Parties se concertent de bonne foi pendant {n} jours avant toute autre démarche.",
    "Les documents échangés en application du présent article sont conservés pendant au moins {n} mois par chacune des Parties.",
    "Le comité de suivi, composé de {small} représentants de chaque Partie, examine toute question relative au présent article.",
    "Les frais exposés par chaque Partie pour l'exécution du présent article restent à sa charge, sauf accord contraire.",
    "Aucune tolérance de l'une des Parties ne vaut renonciation à se prévaloir ultérieurement du présent article.",
    "Le site de {city} constitue le lieu principal d'exécution des obligations décrites ci-dessus.",
    "Un compte rendu écrit est adressé par {A} {B_a} dans les {n} jours suivant chaque réunion de suivi.",
    "Les annexes visées au présent article font partie intégrante du contrat ; en cas de contradiction, le corps du contrat prévaut.",
    "Les montants mentionnés au présent article s'entendent hors taxes, la taxe sur la valeur ajoutée étant facturée en sus au taux en vigueur.",
    "Chaque Partie informe l'autre, dans les meilleurs délais, de toute circonstance susceptible d'affecter l'exécution du présent article.",
    "Les Parties conviennent de revoir les modalités du présent article lors de la réunion de suivi du {quarter} trimestre.",
    "{B_cap} peut demander par écrit toute précision utile ; {A} y répond dans un délai de {n} jours ouvrés.",
    "Les échanges relatifs au présent article peuvent intervenir par courrier électronique, à l'exception des mises en demeure.",
    "Le procès-verbal de la réunion de suivi n° {n} récapitule les engagements pris par chacune des Parties au titre du présent article.",
)
_EN_GENERIC = (
    "The Parties shall meet at least once every {period_en} to review the performance of these provisions.",
    "Any derogation from this clause must be agreed in writing and signed by duly authorised representatives of both Parties.",
    "{A_cap} shall make available to {B} a detailed statement of the operations carried out during the previous {n} months.",
    "This clause applies without prejudice to any mandatory provisions of law.",
    "Time periods referred to in this clause are calendar days unless otherwise stated.",
    "Each Party shall appoint a contact person responsible for matters arising under this clause and may replace that person by written notice.",
    "In the event of any difficulty of interpretation, the Parties shall consult in good faith for {n} days before taking any other step.",
    "Documents exchanged under this clause shall be kept by each Party for at least {n} months.",
    "The steering committee, made up of {small} representatives of each Party, shall consider any matter relating to this clause.",
    "Each Party shall bear its own costs of performing this clause unless otherwise agreed.",
    "No failure or delay by either Party in exercising any right under this clause shall operate as a waiver of it.",
    "The site in {city} is the main place of performance of the obligations described above.",
    "{A_cap} shall send {B} written minutes within {n} days of each review meeting.",
    "The schedules referred to in this clause form part of this Agreement; in case of conflict, the body of this Agreement prevails.",
    "Amounts stated in this clause are exclusive of VAT, which shall be charged in addition at the applicable rate.",
    "Each Party shall promptly inform the other of any circumstance likely to affect the performance of this clause.",
    "The Parties shall review the arrangements under this clause at the review meeting of the {quarter} quarter.",
    "{B_cap} may request any useful clarification in writing, to which {A} shall respond within {n} business days.",
    "Communications relating to this clause may be made by e-mail, except for formal notices.",
    "The minutes of review meeting no. {n} record the commitments made by each Party under this clause.",
)


def _body(r: _Render, article: str) -> list[str]:
    if article == "object":
        return _object(r)
    if article == "term":
        return _term(r)
    if article == "price":
        return _price(r)
    if article == "governing_law":
        assert r.spec.law is not None
        return [r.spec.law.fr if r.language == "fr" else r.spec.law.en]
    if article in ("amended_contract", "new_term", "new_price", "unchanged", "effective_date"):
        return _amendment_body(r, article)
    bodies = _FR_BODIES if r.language == "fr" else _EN_BODIES
    return [r.pick(bodies[article])]


# Articles kept to their own sentences: generic ones would blur the facts they state.
_PLAIN_ARTICLES = frozenset({"term", "tacit_renewal", "governing_law", "jurisdiction"})


def _generic_paragraph(r: _Render) -> str:
    count = r.rng.randint(2, 4)
    templates = r.rng.sample(_FR_GENERIC if r.language == "fr" else _EN_GENERIC, count)
    extra = {
        "n": str(r.rng.choice((2, 3, 5, 6, 8, 10, 12, 15, 20, 30))), "small": str(r.rng.randint(2, 4)),
        "period_fr": r.rng.choice(("trimestre", "semestre", "an")), "period_en": r.rng.choice(("quarter", "six months", "year")),
        "quarter": r.rng.choice(("premier", "deuxième", "troisième", "quatrième") if r.language == "fr" else ("first", "second", "third", "fourth")),
    }
    return " ".join(t.format_map(r.slots | extra) for t in templates)


def _heading(r: _Render, number: int, article: str) -> str:
    kind = r.spec.kind
    names = _PRICE_HEADINGS.get(kind.price_kind, _HEADINGS["price"]) if article == "price" else _HEADINGS[article]
    name = names[0 if r.language == "fr" else 1]
    style = r.spec.params["heading_style"]
    if r.language == "fr":
        label = "Article premier" if number == 1 and style == 2 else f"Article {number}"
        return [f"ARTICLE {number} — {name.upper()}", f"Article {number} - {name}", f"{label} – {name}"][style]
    return [f"ARTICLE {number} — {name.upper()}", f"Clause {number} - {name}", f"Section {number}. {name}"][style]


# --- preamble, amendments, signature --------------------------------------------------------------


def _signatory(company: Company, index: int, language: Language) -> tuple[str, str]:
    """Who signs for ``company`` (picked by ``index``) and in what capacity."""
    if company.country == "FR":
        first = _FIRST_NAMES[index % len(_FIRST_NAMES)]
        name = f"{first} {_LAST_NAMES[(index // 7) % len(_LAST_NAMES)]}"
    else:
        first, last = _FOREIGN_NAMES[company.country][index % len(_FOREIGN_NAMES[company.country])]
        name = f"{first} {last}"
    title = _TITLES.get(company.legal_form, ("Directeur", "Director"))[0 if language == "fr" else 1]
    if company.country == "CH":
        title = "administrateur" if language == "fr" else "Director"
    if language == "fr" and first in _FEMALE_FIRST_NAMES:
        title = _FEMININE_TITLES.get(title, title)
    return name, title


_FEMALE_FIRST_NAMES = frozenset({"Claire", "Sophie", "Camille", "Élise", "Nadia", "Margaux", "Inès", "Louise", "Hélène", "Agathe", "Harriet", "Eleanor", "Katrin", "Megan", "Rachel", "Anne"})
_FEMININE_TITLES = {"Président": "Présidente", "Gérant": "Gérante", "Directeur général": "Directrice générale", "administrateur": "administratrice"}


def _identity(company: Company, language: Language) -> str:
    """How a preamble introduces a company: form, capital, seat and register."""
    fr = language == "fr"
    if company.country == "FR":
        form_fr = {"SAS": "société par actions simplifiée", "SARL": "société à responsabilité limitée", "SA": "société anonyme"}[company.legal_form]
        form_en = {"SAS": "a French société par actions simplifiée", "SARL": "a French société à responsabilité limitée", "SA": "a French société anonyme"}[company.legal_form]
        siren = _spaced(company.siren or "")
        if fr:
            return f"{form_fr} au capital de {_fr_money(company.capital, tax=False)}, dont le siège social est situé {company.address}, immatriculée au RCS de {company.city} sous le numéro {siren}"
        return f"{form_en} with a share capital of {_en_money(company.capital, tax=False)}, whose registered office is at {company.address}, registered with the Trade and Companies Register of {company.city} under number {siren}"
    if fr:
        origin = {
            "GB": f"société de droit anglais immatriculée en Angleterre et au pays de Galles sous le numéro {company.registry_number}",
            "DE": f"société de droit allemand inscrite au registre du commerce de {company.city} sous le numéro {company.registry_number}",
            "US": f"société de droit de l'État du Delaware, immatriculée sous le numéro {company.registry_number}",
            "CH": f"société de droit suisse inscrite au registre du commerce sous le numéro {company.registry_number}",
        }[company.country]
        return f"{origin}, dont le siège est situé {company.address}"
    origin = {
        "GB": f"a company incorporated in England and Wales under company number {company.registry_number}",
        "DE": f"a company organised under German law, registered with the commercial register of {company.city} under {company.registry_number}",
        "US": f"a Delaware corporation with file number {company.registry_number}",
        "CH": f"a company organised under Swiss law, registered with the commercial register under number {company.registry_number}",
    }[company.country]
    return f"{origin}, whose registered office is at {company.address}"


def _preamble(r: _Render) -> list[str]:
    spec = r.spec
    signatories = [_signatory(c, i, r.language) for c, i in zip(spec.parties, spec.params["signatories"])]
    (first, second), roles = spec.parties, (r.slots["A_bare"], r.slots["B_bare"])
    act_fr, act_en = ("avenant", "AMENDMENT") if spec.amendment else ("contrat", "AGREEMENT")
    if r.language == "fr":
        if r.rng.random() < 0.5:
            return [
                "ENTRE LES SOUSSIGNÉS :",
                f"{first.name}, {_identity(first, 'fr')}, représentée par {signatories[0][0]}, en sa qualité de {signatories[0][1]}, ci-après « {r.slots['A']} »,",
                "D'UNE PART,\nET",
                f"{second.name}, {_identity(second, 'fr')}, représentée par {signatories[1][0]}, en sa qualité de {signatories[1][1]}, ci-après « {r.slots['B']} »,",
                "D'AUTRE PART,\nci-après ensemble les « Parties ».",
                "IL A ÉTÉ CONVENU CE QUI SUIT :",
            ]
        return [
            f"Le présent {act_fr} est conclu entre la société {first.name}, {_identity(first, 'fr')}, ci-après « {r.slots['A']} », "
            f"et la société {second.name}, {_identity(second, 'fr')}, ci-après « {r.slots['B']} »."
        ]
    return [
        f"THIS {act_en} is made between:",
        f"(1) {first.name}, {_identity(first, 'en')}, represented by {signatories[0][0]}, {signatories[0][1]} (the \"{roles[0]}\"); and",
        f"(2) {second.name}, {_identity(second, 'en')}, represented by {signatories[1][0]}, {signatories[1][1]} (the \"{roles[1]}\"),",
        "each a \"Party\" and together the \"Parties\". IT IS AGREED AS FOLLOWS:",
    ]


def _amendment_body(r: _Render, article: str) -> list[str]:
    amendment, fr = r.spec.amendment, r.language == "fr"
    assert amendment is not None and r.spec.target_kind is not None
    us = r.language == "en" and any(c.country == "US" for c in r.spec.parties)
    cited = date_text(amendment.cited_date, r.language, us=us)
    previous = date_text(amendment.previous_end_date, r.language, us=us)
    new_end = date_text(amendment.new_end_date, r.language, us=us)
    kind_fr = r.spec.target_kind.title_fr.lower()
    kind_en = r.spec.target_kind.title_en.lower()
    if article == "amended_contract":
        what = ("la durée" if amendment.kind == "postpones" else "le prix") if fr else ("the term" if amendment.kind == "postpones" else "the price")
        return [r.pick((
            f"Les Parties ont conclu le {cited} un {kind_fr} (ci-après le « Contrat »). Le présent avenant a pour objet d'en modifier {what}.",
            f"Les Parties conviennent de modifier comme suit le {kind_fr} qu'elles ont signé le {cited} (le « Contrat »), dont le présent avenant modifie {what}.",
        ) if fr else (
            f"The Parties entered into a {kind_en} dated {cited} (the \"Agreement\"). This amendment changes {what} of the Agreement.",
            f"The Parties wish to amend the {kind_en} signed on {cited} (the \"Agreement\") as set out below, in respect of {what}.",
        ))]
    if article == "new_term":
        return [r.pick((
            f"Le terme du Contrat, initialement fixé au {previous}, est reporté au {new_end}.",
            f"La durée du Contrat, dont l'échéance était initialement fixée au {previous}, est prorogée jusqu'au {new_end}.",
        ) if fr else (
            f"The term of the Agreement, initially ending on {previous}, is extended until {new_end}.",
        ))]
    if article == "new_price":
        start = _first_of_next_month(r.spec.signature_date)
        price = (_fr_money if fr else _en_money)(amendment.new_price or 0)
        starts = date_text(start, r.language, us=us)
        return [
            f"À compter du {starts}, le prix annuel est porté à {price}." if fr else f"With effect from {starts}, the annual price is increased to {price}.",
            f"Le terme du Contrat demeure fixé au {previous}, sans changement." if fr else f"The term of the Agreement remains unchanged and expires on {previous}.",
        ]
    if article == "unchanged":
        return ["Toutes les autres stipulations du Contrat non modifiées par le présent avenant demeurent inchangées et continuent de produire leurs effets." if fr
                else "All other provisions of the Agreement remain unchanged and in full force and effect."]
    return ["Le présent avenant entre en vigueur à la date de sa signature." if fr else "This amendment takes effect on the date of its signature."]


def _signature(r: _Render) -> list[str]:
    spec = r.spec
    if r.language == "fr":
        when = f"le {r.slots['signed_on']}" if spec.signed else "le ____________"
        place = [f"Fait à {spec.signature_city}, {when}, en deux exemplaires originaux."]
        blocks = [f"Pour {c.name}\n{name}, {title}" for c, (name, title) in
                  ((c, _signatory(c, i, "fr")) for c, i in zip(spec.parties, spec.params["signatories"]))]
    else:
        when = r.slots["signed_on"] if spec.signed else "____________"
        place = [f"Signed in {spec.signature_city} on {when}, in two original counterparts."]
        blocks = [f"For and on behalf of {c.name}\n{name}, {title}" for c, (name, title) in
                  ((c, _signatory(c, i, "en")) for c, i in zip(spec.parties, spec.params["signatories"]))]
    return place + blocks


@dataclass(frozen=True)
class _Written:
    """A rendered text: its title and blocks, (kind, text) with kind "heading" (an article heading),
    "paragraph" (inside an article) or "block" (outside any article: preamble, signature)."""

    title: str
    blocks: tuple[tuple[str, str], ...]
    language: Language

    @property
    def content(self) -> str:
        """The text as a data-room export holds it: the title, then parts separated by blank lines; an
        article part is its heading line followed by one line per paragraph."""
        parts = [self.title.upper()]
        for kind, text in self.blocks:
            if kind == "paragraph" and len(parts) > 1:
                parts[-1] += "\n" + text
            else:
                parts.append(text)
        return "\n\n".join(parts) + "\n"


_HEADING_LINE = re.compile(r"^(?:ARTICLE|Article|Clause|Section)\s+(?:\d+|premier)\b")


def _title(spec: _Spec, language: Language) -> str:
    first, second = spec.parties
    if spec.amendment is not None:
        number = spec.amendment.number
        assert spec.target_kind is not None
        kind = f"Avenant n°{number} {spec.target_kind.to_fr}" if language == "fr" else f"Amendment No. {number} to the {spec.target_kind.title_en}"
    else:
        kind = spec.kind.title_fr if language == "fr" else spec.kind.title_en
    return f"{kind} — {first.short_name} / {second.short_name}"


def _render(spec: _Spec, language: Language, seed: int, *, translation_of: Language | None = None) -> _Written:
    rng = random.Random(f"{seed}:{spec.key}:{language}")
    r = _Render(spec, language, rng)
    r.slots = _slots(spec, language)
    r.slots["cap"] = (
        ("au montant des sommes versées au titre du contrat au cours des douze mois précédant le fait générateur" if language == "fr"
         else "the amounts paid under this Agreement in the twelve (12) months preceding the event giving rise to the claim")
        if spec.params["cap_basis"] else r.slots["cap_amount"]
    )
    court = spec.law.court_fr if spec.law and language == "fr" else spec.law.court_en if spec.law else ""
    r.slots["court"] = court.format(city=spec.court_city) if court else (
        f"le tribunal de commerce de {spec.court_city}" if language == "fr" else f"the courts of {spec.court_city}"
    )
    blocks: list[tuple[str, str]] = []
    if translation_of is not None:
        notice = ("Traduction de courtoisie. Seule la version originale en langue anglaise fait foi." if language == "fr"
                  else "Courtesy translation. Only the original French version is authentic.")
        blocks.append(("block", notice))
    blocks += [("block", p) for p in _preamble(r)]
    for number, article in enumerate(spec.articles, start=1):
        blocks.append(("heading", _heading(r, number, article)))
        paragraphs = _body(r, article)
        if article not in _PLAIN_ARTICLES:
            paragraphs += [_generic_paragraph(r) for _ in range(rng.randint(*spec.paragraphs) - 1)]
        blocks += [("paragraph", p) for p in paragraphs]
    blocks += [("block", p) for p in _signature(r)]
    title = _title(spec, language)
    if translation_of is not None:
        title = ("Traduction de courtoisie — " if language == "fr" else "Courtesy translation — ") + title
    return _Written(title, tuple(blocks), language)


# ===================================================================================== metadata


@dataclass
class _Entry:
    spec: _Spec
    kind: EntryKind
    language: Language
    written: _Written
    source: int | None = None  # index into the plan list, resolved to positions at the end
    metadata: dict[str, Any] = field(default_factory=dict)
    missing: tuple[str, ...] = ()
    spellings: tuple[str, ...] = ()
    tweaks: tuple[str, ...] = ()


def _date_style(rng: random.Random, language: Language) -> str:
    if language == "en":
        return _weighted(rng, (("iso", 50), ("en_long", 20), ("en_us", 10), ("dmy_slash", 10), ("iso_time", 10)))
    return _weighted(rng, _DATE_STYLES)


def _metadata(rng: random.Random, entry: _Entry, filename: str) -> dict[str, Any]:
    """The entry's data-room record: true values, written the varied ways exports write them."""
    spec = entry.spec
    style = _date_style(rng, entry.language)
    names = [rng.choice(c.spellings) if rng.random() < VARIANT_SPELLING_RATE else c.name for c in spec.parties]
    sirens = [(_spaced(c.siren) if rng.random() < 0.08 else c.siren) if c.siren else None for c in spec.parties]
    if spec.amendment is not None:
        label = "avenant"
        end = spec.amendment.new_end_date
    else:
        label = spec.kind.label if rng.random() < 0.9 else spec.kind.title_fr
        end = spec.end_date
    law = rng.choice(spec.law.metadata) if spec.law else None
    return {
        "filename": filename,
        "title": entry.written.title,
        "parties": names,
        "siren_parties": sirens,
        "contract_type": label,
        "signature_date": format_metadata_date(spec.signature_date, style) if spec.signed else None,
        "end_date": format_metadata_date(end, style) if end else None,
        "governing_law": law,
        "content": entry.written.content,
    }


def _drop_fields(rng: random.Random, metadata: dict[str, Any]) -> tuple[str, ...]:
    """Leave some fields out (absent key or null) the way real exports do; returns what was dropped."""
    dropped = []
    for key in METADATA_KEYS:
        if metadata.get(key) is not None and rng.random() < MISSING_FIELD_RATE:
            if rng.random() < 0.5:
                del metadata[key]
            else:
                metadata[key] = None
            dropped.append(key)
    return tuple(dropped)


def _filename(spec: _Spec, taken: set[str], *, prefix: str = "", suffix: str = "", ext: str = ".pdf") -> str:
    first, second = spec.parties
    stem = "_".join(part for part in (prefix, spec.kind.slug if spec.amendment is None else f"avenant_{spec.amendment.number}_{spec.kind.slug}",
                                       _slug(first.short_name), _slug(second.short_name)) if part) + suffix
    name, counter = stem + ext, 2
    while name in taken:
        name, counter = f"{stem}_{counter}{ext}", counter + 1
    taken.add(name)
    return name


# ===================================================================================== generator


def _plan_counts(n: int, languages: Sequence[Language]) -> tuple[int, int, int]:
    def share(rate: float) -> int:
        return max(1, round(n * rate)) if n >= 6 else 0

    translations = share(TRANSLATION_SHARE) if len(set(languages)) > 1 else 0
    return share(AMENDMENT_SHARE), share(DUPLICATE_SHARE), translations


def _check_arguments(n: int, languages: Sequence[str], articles: tuple[int, int], paragraphs: tuple[int, int]) -> tuple[Language, ...]:
    if n < 0:
        raise ValueError(f"n={n}: the number of contracts cannot be negative")
    unknown = [lang for lang in languages if lang not in LANGUAGES]
    if unknown or not languages:
        raise ValueError(f"languages={tuple(languages)!r}: choose among {LANGUAGES}")
    if not 1 <= articles[0] <= articles[1]:
        raise ValueError(f"articles={articles}: give (min, max) with 1 <= min <= max")
    if not 1 <= paragraphs[0] <= paragraphs[1]:
        raise ValueError(f"paragraphs={paragraphs}: give (min, max) with 1 <= min <= max")
    return tuple(dict.fromkeys(languages))  # type: ignore[arg-type]


def generate_dataroom(
    n: int,
    seed: int = 0,
    languages: Sequence[str] = LANGUAGES,
    *,
    articles: tuple[int, int] = (4, 15),
    paragraphs: tuple[int, int] = (1, 2),
) -> tuple[list[dict[str, Any]], DataRoomTruth]:
    """A synthetic data room of ``n`` entries and its ground truth.

    Args:
        n: number of entries. About 8 % are amendments, 4 % duplicates and 4 % courtesy translations
            (at least one of each from n = 6; translations only with two languages).
        seed: same seed, same room (entries and truth are equal, byte for byte once dumped).
        languages: "fr", "en" or both; the language of each original follows its parties.
        articles: (min, max) articles of an original contract (amendments have 3 or 4).
        paragraphs: (min, max) paragraphs per article; more paragraphs make longer texts (PDFs of
            several pages): the extra ones are generic contract sentences.

    Returns:
        ``(entries, truth)``: entries are data-room JSON dicts; ``truth.contracts[i]`` describes
        ``entries[i]``.

    Raises:
        ValueError: a negative ``n``, an unknown language or an empty range.
    """
    langs = _check_arguments(n, languages, articles, paragraphs)
    rng = random.Random(seed)
    companies, lookalikes = build_companies(rng, max(12, min(600, n // 3 + 8)))
    french = [c for c in companies if c.country == "FR"]
    group = french[: max(2, min(5, len(french) // 4))]
    n_amend, n_dup, n_trans = _plan_counts(n, langs)
    plan = _Plan()

    def new_original() -> _Entry:
        spec = _original_spec(rng, len(plan.entries), companies, group, langs, articles=articles, paragraphs=paragraphs)
        return _Entry(spec, "original", spec.language, _render(spec, spec.language, seed))

    for _ in range(n - n_amend - n_dup - n_trans):
        plan.add(new_original())
    for _ in range(n_amend):
        plan.add(_plan_amendment(rng, plan, seed) or new_original())
    for _ in range(n_trans):
        plan.add(_plan_translation(rng, plan, seed) or new_original())
    for _ in range(n_dup):
        plan.add(_plan_duplicate(rng, plan) or new_original())
    return _assemble(rng, plan.entries, seed, companies, lookalikes)


def generate_contracts(n: int, seed: int = 0, languages: Sequence[str] = LANGUAGES, **options: Any) -> list[dict[str, Any]]:
    """The entries of :func:`generate_dataroom` without the truth (same arguments)."""
    return generate_dataroom(n, seed, languages, **options)[0]


def _act_key(spec: _Spec) -> tuple[frozenset[str], date]:
    return frozenset(c.id for c in spec.parties), spec.signature_date


@dataclass
class _Plan:
    """The entries planned so far, with the bookkeeping that keeps the derived ones unambiguous."""

    entries: list[_Entry] = field(default_factory=list)
    amendments_of: dict[int, list[_Spec]] = field(default_factory=dict)  # target → its amendments, in order
    sources: set[int] = field(default_factory=set)  # originals already duplicated or translated
    acts: dict[tuple[frozenset[str], date], int] = field(default_factory=dict)  # (parties, date) → acts, amendments aside

    def add(self, entry: _Entry) -> None:
        self.entries.append(entry)
        if entry.kind == "amendment":
            assert entry.source is not None
            self.amendments_of.setdefault(entry.source, []).append(entry.spec)
            return
        key = _act_key(entry.spec)
        self.acts[key] = self.acts.get(key, 0) + 1
        if entry.source is not None:
            self.sources.add(entry.source)

    def can_amend(self, index: int) -> bool:
        """A signed original with a term, the only act of its parties that day, amended fewer than twice."""
        entry = self.entries[index]
        return (
            entry.kind == "original" and entry.spec.signed and entry.spec.end_date is not None
            and index not in self.sources and len(self.amendments_of.get(index, ())) < 2
            and self.acts[_act_key(entry.spec)] == 1
        )

    def can_copy(self, index: int) -> bool:
        """An original neither amended nor already duplicated or translated."""
        return self.entries[index].kind == "original" and index not in self.sources and index not in self.amendments_of


def _plan_amendment(rng: random.Random, plan: _Plan, seed: int) -> _Entry | None:
    """An amendment of a signed original with an end date; None when no original qualifies."""
    again = [i for i in plan.amendments_of if plan.can_amend(i)] if rng.random() < 0.25 else []
    index = rng.choice(again) if again else _pick(rng, len(plan.entries), plan.can_amend)
    if index is None:
        return None
    target = plan.entries[index].spec
    earlier = plan.amendments_of.get(index, [])
    last_signed = max([target.signature_date, *(spec.signature_date for spec in earlier)])
    current_end = earlier[-1].amendment.new_end_date if earlier and earlier[-1].amendment else target.end_date
    assert current_end is not None
    # Signed some months after the last act and, most of the time, before the term it moves.
    first = last_signed + timedelta(days=120)
    signed_on = _random_date(rng, first, max(first, current_end - timedelta(days=45)))
    priced = target.kind.price_kind in ("fee", "volume", "rent", "royalty")
    kind: AmendmentKind = "price_only" if priced and rng.random() < 0.35 else "postpones"
    new_end = _add_years(current_end, rng.choice((1, 1, 2, 3))) if kind == "postpones" else current_end
    new_price = int(round(target.params["price"] * rng.choice((1.03, 1.05, 1.08, 1.12)), -2)) if kind == "price_only" else None
    amendment = Amendment(
        position=-1, target=index, number=len(earlier) + 1, kind=kind, cited_date=target.signature_date,
        previous_end_date=current_end, new_end_date=new_end, new_price=new_price,
    )
    articles = ["amended_contract", "new_term" if kind == "postpones" else "new_price", "unchanged"]
    if rng.random() < 0.5:
        articles.append("effective_date")
    spec = replace(
        target, key=len(plan.entries), signature_date=signed_on, signed=True, articles=tuple(articles),
        amendment=amendment, target_kind=target.kind, paragraphs=(1, 1),
        params={**target.params, "signatories": (rng.randrange(1000), rng.randrange(1000)), "heading_style": rng.randrange(3)},
    )
    language = plan.entries[index].language
    return _Entry(spec, "amendment", language, _render(spec, language, seed), source=index)


def _pick(rng: random.Random, count: int, accept: Callable[[int], bool], tries: int = 64) -> int | None:
    """A random index below ``count`` that ``accept`` takes: drawn at random first (most are taken),
    then by a scan of all of them; None when none is."""
    for _ in range(tries if count else 0):
        index = rng.randrange(count)
        if accept(index):
            return index
    eligible = [i for i in range(count) if accept(i)]
    return rng.choice(eligible) if eligible else None


def _pick_copy_source(rng: random.Random, plan: _Plan) -> int | None:
    return _pick(rng, len(plan.entries), plan.can_copy)


def _plan_translation(rng: random.Random, plan: _Plan, seed: int) -> _Entry | None:
    """A courtesy translation of an original into the other language; None when none qualifies."""
    index = _pick_copy_source(rng, plan)
    if index is None:
        return None
    original = plan.entries[index]
    language: Language = "en" if original.language == "fr" else "fr"
    written = _render(original.spec, language, seed, translation_of=original.language)
    return _Entry(original.spec, "translation", language, written, source=index)


def _plan_duplicate(rng: random.Random, plan: _Plan) -> _Entry | None:
    """A re-upload of an original (same content; metadata retouched later); None when none qualifies."""
    index = _pick_copy_source(rng, plan)
    if index is None:
        return None
    original = plan.entries[index]
    return _Entry(original.spec, "duplicate", original.language, original.written, source=index)


def _assemble(
    rng: random.Random, plan: list[_Entry], seed: int, companies: list[Company], lookalikes: list[tuple[str, str]],
) -> tuple[list[dict[str, Any]], DataRoomTruth]:
    taken: set[str] = set()
    for entry in plan:  # originals, amendments and translations first: duplicates copy their original's metadata
        if entry.kind == "duplicate":
            continue
        ext = ".pdf" if rng.random() < 0.8 else ".docx"
        if entry.kind == "translation":
            suffix = "_EN" if entry.language == "en" else "_FR"
            name = _filename(entry.spec, taken, prefix="traduction" if entry.language == "fr" else "", suffix=suffix, ext=ext)
        else:
            name = _filename(entry.spec, taken, ext=ext)
        entry.metadata = _metadata(rng, entry, name)
        entry.missing = _drop_fields(rng, entry.metadata)
    for entry in plan:
        if entry.kind == "duplicate":
            assert entry.source is not None
            _fill_duplicate(rng, entry, plan[entry.source], taken)
    order = list(range(len(plan)))
    rng.shuffle(order)
    position_of = {plan_index: position for position, plan_index in enumerate(order)}
    entries = [plan[i].metadata for i in order]
    amendments_of: dict[int, list[Amendment]] = {}
    for entry in plan:
        if entry.kind == "amendment" and entry.source is not None and entry.spec.amendment is not None:
            amendments_of.setdefault(entry.source, []).append(entry.spec.amendment)
    truths = [_truth(plan[i], position_of[i], amendments_of.get(i, []), position_of) for i in order]
    amendments = tuple(sorted(
        (replace(plan[i].spec.amendment, position=position_of[i], target=position_of[plan[i].source])  # type: ignore[arg-type]
         for i in order if plan[i].kind == "amendment"), key=lambda a: a.position))
    duplicates = tuple(sorted(
        (Duplicate(position_of[i], position_of[plan[i].source], plan[i].tweaks) for i in order if plan[i].kind == "duplicate"),  # type: ignore[index]
        key=lambda d: d.position))
    translations = tuple(sorted(
        (Translation(position_of[i], position_of[plan[i].source], plan[i].language) for i in order if plan[i].kind == "translation"),  # type: ignore[index]
        key=lambda t: t.position))
    truth = DataRoomTruth(
        seed=seed, contracts=tuple(truths), duplicates=duplicates, translations=translations, amendments=amendments,
        companies=tuple(companies), lookalikes=tuple(lookalikes), spellings=_spellings_used(plan, companies),
    )
    return entries, truth


def _fill_duplicate(rng: random.Random, entry: _Entry, original: _Entry, taken: set[str]) -> None:
    """Same content as the original, re-uploaded: another file name and spelling or date format."""
    metadata = dict(original.metadata)
    stem, _, ext = original.metadata["filename"].rpartition(".")
    name = rng.choice((f"{stem} (1).{ext}", f"copie_{stem}.{ext}", f"{stem}_v2.{'docx' if ext == 'pdf' else 'pdf'}"))
    while name in taken:
        name = "copie_" + name
    taken.add(name)
    metadata["filename"] = name
    tweaks = ["filename"]
    for change in rng.sample(("party_spelling", "date_format", "siren_spacing", "title"), 4)[: rng.randint(1, 2)]:
        if _retouch(rng, change, metadata, original):
            tweaks.append(change)
    if len(tweaks) == 1:  # the tweaks drawn did not apply (no date, no SIREN...): a spelling always does
        _retouch(rng, "party_spelling", metadata, original)
        tweaks.append("party_spelling")
    # The content is the original's, unchanged: a re-upload, not a retyped copy.
    metadata = {key: metadata[key] for key in ("filename", *METADATA_KEYS, "content") if key in metadata}
    entry.metadata = metadata
    entry.missing = tuple(k for k in METADATA_KEYS if metadata.get(k) is None and _true_value_exists(original, k))
    entry.tweaks = tuple(tweaks)


def _retouch(rng: random.Random, change: str, metadata: dict[str, Any], original: _Entry) -> bool:
    """Apply one duplicate tweak to ``metadata``; False when it cannot apply to this contract."""
    spec = original.spec
    if change == "party_spelling":
        index = rng.randrange(2)
        names = list(original.metadata.get("parties") or [c.name for c in spec.parties])
        company = spec.parties[index]
        names[index] = next((s for s in company.spellings if s != names[index]), company.short_name)
        metadata["parties"] = names
        return True
    if change == "date_format" and spec.signed and original.metadata.get("signature_date"):
        current = original.metadata["signature_date"]
        style = rng.choice([s for s, _ in _DATE_STYLES if format_metadata_date(spec.signature_date, s) != current])
        metadata["signature_date"] = format_metadata_date(spec.signature_date, style)
        if original.metadata.get("end_date") and spec.end_date:
            metadata["end_date"] = format_metadata_date(spec.end_date, style)
        return True
    if change == "siren_spacing" and any(c.siren for c in spec.parties):
        spaced = [_spaced(c.siren) if c.siren else None for c in spec.parties]
        if spaced != original.metadata.get("siren_parties"):
            metadata["siren_parties"] = spaced
            return True
    if change == "title" and original.metadata.get("title"):
        metadata["title"] = original.metadata["title"].split(" — ")[0]
        return True
    return False


def _true_value_exists(entry: _Entry, key: str) -> bool:
    spec = entry.spec
    if key == "signature_date":
        return spec.signed
    if key == "end_date":
        return spec.end_date is not None
    if key == "governing_law":
        return spec.law is not None
    if key == "siren_parties":
        return any(c.siren for c in spec.parties)
    return True


def _truth(entry: _Entry, position: int, amendments: Sequence[Amendment], position_of: Mapping[int, int]) -> ContractTruth:
    """The truth of one planned entry at ``position``; ``amendments`` are those that amend it."""
    spec = entry.spec
    if entry.kind == "amendment":
        assert spec.amendment is not None
        initial = current = spec.amendment.new_end_date
        contract_type = "avenant"
    else:
        # Only originals are amended (duplicates and translations are drawn among the others).
        initial = spec.end_date
        current = max(amendments, key=lambda a: a.number).new_end_date if amendments else initial
        contract_type = spec.kind.label
    return ContractTruth(
        position=position, filename=entry.metadata["filename"], kind=entry.kind, language=entry.language,
        party_ids=tuple(c.id for c in spec.parties), contract_type=contract_type,
        signature_date=spec.signature_date if spec.signed else None, initial_end_date=initial, end_date=current,
        governing_law=spec.law.label if spec.law else None, clauses=spec.flags if entry.kind != "amendment" else (),
        articles=len(spec.articles), missing_metadata=entry.missing,
        source=position_of[entry.source] if entry.source is not None else None,
    )


def _spellings_used(plan: Sequence[_Entry], companies: Sequence[Company]) -> dict[str, tuple[str, ...]]:
    used: dict[str, set[str]] = {}
    for entry in plan:
        names = entry.metadata.get("parties") or []
        for company, name in zip(entry.spec.parties, names):
            used.setdefault(company.id, set()).add(name)
    order = {c.id: i for i, c in enumerate(companies)}
    return {cid: tuple(sorted(names)) for cid, names in sorted(used.items(), key=lambda kv: order[kv[0]]) if len(names) > 1}


# ======================================================================================== files


@dataclass(frozen=True)
class WrittenFile:
    """One file written by :func:`write_files`: ``path`` is relative to the output folder."""

    position: int  # index of the entry it renders
    path: str
    format: str
    pages: int | None  # PDF only
    articles: int


def contract_text(entry: Mapping[str, Any]) -> ContractText:
    """The entry's content as a :class:`devtools.writers.ContractText`: title, headings, paragraphs.

    The content's first line is the title; blocks are separated by blank lines; a block that starts
    with an article heading holds the heading then one paragraph per line; any other block is one
    paragraph whose line breaks are kept (signature blocks).
    """
    from devtools.writers import Block, ContractText

    content: str = entry.get("content") or ""
    parts = [part for part in content.strip().split("\n\n") if part.strip()]
    if not parts:
        raise ValueError(f"{entry.get('filename')!r}: empty content, nothing to write")
    blocks: list[Block] = []
    for part in parts[1:]:
        lines = part.split("\n")
        if _HEADING_LINE.match(lines[0]):
            blocks.append(Block("heading", lines[0]))
            blocks += [Block("paragraph", line) for line in lines[1:] if line.strip()]
        else:
            blocks.append(Block("paragraph", part))
    return ContractText(title=parts[0], blocks=tuple(blocks), language=_language_of(content))


_FR_WORDS = re.compile(r"\b(?:le|la|les|des|du|est|une|et|au)\b")
_EN_WORDS = re.compile(r"\b(?:the|of|and|is|shall|this|to)\b")


def _language_of(text: str) -> Language:
    """"fr" or "en", whichever language's commonest words are more frequent in ``text``."""
    sample = text[:4000].lower()
    return "fr" if len(_FR_WORDS.findall(sample)) >= len(_EN_WORDS.findall(sample)) else "en"


def write_files(
    entries: Sequence[Mapping[str, Any]],
    out_dir: str | Path,
    formats: Sequence[str] = FILE_FORMATS,
    *,
    subfolders: bool = True,
) -> list[WrittenFile]:
    """Write each entry as a real file, for ingestion benchmarks and tests.

    Entry ``i`` is written in ``formats[i % len(formats)]`` with the demo's writers: text-layer A4
    PDFs laid out line by line (several pages for long texts; a running header on every other PDF),
    DOCX with Word heading styles (or bold paragraphs for every fourth one, as hand-made contracts
    are), HTML, Markdown and hard-wrapped text. Output is byte-for-byte deterministic.

    Args:
        entries: data-room entries (from :func:`generate_dataroom` or of the same shape).
        out_dir: output folder; created when missing. Files of the same name are overwritten.
        formats: among "pdf", "docx", "md", "html", "txt".
        subfolders: sort files into folders by contract type (``02_Commercial/``...), as data rooms are.

    Returns:
        One :class:`WrittenFile` per entry, in entry order.

    Raises:
        ValueError: an unknown format, or an entry without content.
    """
    from devtools.writers import write_docx, write_html, write_markdown, write_pdf, write_txt

    unknown = [f for f in formats if f not in FILE_FORMATS]
    if unknown or not formats:
        raise ValueError(f"formats={tuple(formats)!r}: choose among {FILE_FORMATS}")
    root = Path(out_dir)
    root.mkdir(parents=True, exist_ok=True)
    written: list[WrittenFile] = []
    used: set[str] = set()
    for position, entry in enumerate(entries):
        fmt = formats[position % len(formats)]
        text = contract_text(entry)
        folder = _FOLDER_BY_LABEL.get(str(entry.get("contract_type") or "").lower(), "99_Divers") if subfolders else ""
        stem = Path(str(entry.get("filename") or "")).stem or f"contract_{position + 1:04d}"
        relative = f"{folder}/{stem}.{fmt}" if folder else f"{stem}.{fmt}"
        if relative in used:  # two entries of the same stem written in the same format
            relative = f"{relative[: -len(fmt) - 1]}_{position + 1}.{fmt}"
        used.add(relative)
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        author = (entry.get("parties") or [""])[0] or ""
        if fmt == "pdf":
            header = f"{'Confidentiel' if text.language == 'fr' else 'Confidential'} — {text.title[:70]}" if position % 2 else ""
            rendered = write_pdf(text, path, running_header=header, author=author)
        elif fmt == "docx":
            rendered = write_docx(text, path, heading_style="bold" if position % 4 == 3 else "heading", author=author)
        else:
            rendered = {"md": write_markdown, "html": write_html, "txt": write_txt}[fmt](text, path)
        written.append(WrittenFile(position, relative, fmt, rendered.pages, len(rendered.articles)))
    return written
