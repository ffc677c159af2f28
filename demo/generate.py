"""Generate the bundled demo data room ("Projet Tilleul") and its manifest.

    python demo/generate.py [--out DIR] [--manifest PATH] [--json OUT.json]

Each contract is a source file in demo/texts/ (YAML front matter with the true metadata, then the text
with "# " for the title and "## " for article headings). The generator writes each one in the format
its front matter names, records where the PDF articles actually landed, and writes demo/manifest.json,
which is committed: the tests regenerate it and compare. The planted difficulties (duplicates,
amendments, missing metadata...) are declared in demo/texts/facts.yaml and checked against the
contracts here, so the manifest cannot claim something the files do not hold.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import shutil
import sys
from pathlib import Path

import yaml
from stdnum.fr import siren

if __package__ in (None, ""):  # run as a script: make the `demo` package importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from devtools.writers import (  # noqa: E402
    Block,
    ContractText,
    Rendered,
    plain_text,
    write_docx,
    write_html,
    write_markdown,
    write_pdf,
    write_txt,
)

DEMO_DIR = Path(__file__).resolve().parent
TEXTS_DIR = DEMO_DIR / "texts"
DEFAULT_OUT = DEMO_DIR / "dataroom"
DEFAULT_MANIFEST = DEMO_DIR / "manifest.json"
REFERENCE_DATE = dt.date(2026, 11, 30)
FORMATS = {".pdf": "pdf", ".docx": "docx", ".html": "html", ".md": "md", ".txt": "txt"}
AUTHOR = "Lisandre Holding — Direction juridique"
EXPIRY_FLAG = "term_ends_within_12_months"
FLAGS = {
    "change_of_control", "exclusivity", "non_compete", "non_solicitation", "assignment_restriction",
    "termination_for_convenience", "uncapped_liability", "liability_cap", "tacit_renewal", "short_notice",
    "penalties", EXPIRY_FLAG,
}
FACT_KINDS = {
    "duplicate", "translation", "amendment_postpones", "amendment_price_only", "missing_end_date",
    "missing_law", "missing_signature_date", "foreign_law", "lookalike_names", "same_entity_two_spellings",
    "same_day_different_acts", "invalid_siren", "metadata_contradiction",
}
MANIFEST_FIELDS = (
    "id", "file", "format", "language", "title", "parties", "siren_parties", "contract_type", "signature_date",
    "end_date", "initial_end_date", "governing_law",
)
LINK_FIELDS = ("amends", "duplicate_of", "translation_of")
INDEX_FIELDS = ("title", "parties", "siren_parties", "contract_type", "signature_date", "end_date", "governing_law")


class DemoDataError(ValueError):
    """A source under demo/texts/ is malformed or contradicts a declared fact."""


# ------------------------------------------------------------------------------------------ sources


def load_sources(texts_dir: Path = TEXTS_DIR) -> list[dict]:
    """Read every demo/texts/dNN_*.md source: its front matter (a dict) plus "text" (ContractText)."""
    sources = [_load_source(path) for path in sorted(texts_dir.glob("d[0-9][0-9]_*.md"))]
    by_id = {source["id"]: source for source in sources}
    for source in sources:
        if "copy_of" in source:  # a duplicate upload: the original's text with a few retyped details
            source["text"] = _retyped_copy(by_id[source["copy_of"]]["text"], source.get("retyped", []))
        if "text" not in source:
            raise DemoDataError(f"{source['id']}: no contract text after the front matter and no copy_of")
    return sources


def _load_source(path: Path) -> dict:
    raw = path.read_text(encoding="utf-8")
    if not raw.startswith("---\n"):
        raise DemoDataError(f"{path.name}: a source starts with a '---' line opening its YAML front matter")
    _, front, body = raw.split("---\n", 2)
    source = {key: _iso(value) for key, value in yaml.safe_load(front).items()}
    if not path.name.startswith(source["id"] + "_"):
        raise DemoDataError(f"{path.name}: file name must start with its id {source['id']!r}")
    if body.strip():
        source["text"] = parse_text(body, source["language"])
    return source


def _iso(value):
    """YAML reads bare dates as date objects; the manifest wants ISO strings."""
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, dict):
        return {key: _iso(item) for key, item in value.items()}
    return value


def parse_text(body: str, language: str) -> ContractText:
    """Blocks are separated by blank lines; "# " starts the title, "## " an article heading. Single
    newlines inside a block are kept as hard line breaks (signature blocks)."""
    title = ""
    blocks: list[Block] = []
    for chunk in body.strip().split("\n\n"):
        chunk = chunk.strip("\n")
        if chunk.startswith("# "):
            title = chunk[2:].strip()
        elif chunk.startswith("## "):
            blocks.append(Block("heading", chunk[3:].strip()))
        else:
            blocks.append(Block("paragraph", chunk))
    if not title:
        raise DemoDataError("contract text has no '# ' title line")
    return ContractText(title=title, blocks=tuple(blocks), language=language)


def _retyped_copy(original: ContractText, retyped: list[list[str]]) -> ContractText:
    def retype(text: str) -> str:
        for old, new in retyped:
            text = text.replace(old, new)
        return text

    blocks = tuple(Block(block.kind, retype(block.text)) for block in original.blocks)
    return ContractText(title=retype(original.title), blocks=blocks, language=original.language)


# ---------------------------------------------------------------------------------------- rendering


def render(source: dict, out_dir: Path) -> Rendered:
    path = out_dir / source["file"]
    path.parent.mkdir(parents=True, exist_ok=True)
    text = source["text"]
    file_format = file_format_of(source)
    if file_format == "pdf":
        return write_pdf(text, path, running_header=source.get("running_header", ""), author=AUTHOR)
    if file_format == "docx":
        return write_docx(text, path, heading_style=source.get("docx_headings", "heading"), author=AUTHOR)
    writer = {"html": write_html, "md": write_markdown, "txt": write_txt}[file_format]
    return writer(text, path)


def file_format_of(source: dict) -> str:
    suffix = Path(source["file"]).suffix.lower()
    if suffix not in FORMATS:
        raise DemoDataError(f"{source['id']}: unsupported file extension {suffix!r}; use one of {sorted(FORMATS)}")
    return FORMATS[suffix]


def manifest_entry(source: dict, rendered: Rendered) -> dict:
    entry = {field: source.get(field) for field in MANIFEST_FIELDS}
    entry["format"] = file_format_of(source)
    entry["pages"] = rendered.pages
    entry["articles"] = [
        {"heading": article.heading, "page": article.page, "page_end": article.page_end}
        for article in rendered.articles
    ]
    for field in LINK_FIELDS:
        entry[field] = source.get(field)
    entry["flags"] = list(source.get("flags", []))
    entry["notes"] = source.get("notes", "")
    return entry


def index_record(source: dict) -> dict:
    """One row of the data-room JSON index, with the deliberately wrong values of `index_overrides`."""
    record = {"filename": source["file"]}
    record.update({field: source.get(field) for field in INDEX_FIELDS})
    record.update(source.get("index_overrides", {}))
    record["content"] = plain_text(source["text"])
    return record


# ------------------------------------------------------------------------------------------- checks


def check_facts(contracts: list[dict], facts: list[dict], index_overrides: dict[str, dict]) -> None:
    """Raise DemoDataError listing every fact that the contract metadata does not bear out.
    `index_overrides` maps a contract id to the fields its JSON index row deliberately gets wrong."""
    problems = (
        _fact_reference_problems(contracts, facts)
        + _missing_field_problems(contracts, facts)
        + _link_problems(contracts, facts)
        + _index_override_problems(facts, index_overrides)
        + _per_contract_problems(contracts)
    )
    if problems:
        raise DemoDataError("demo data room is inconsistent:\n  " + "\n  ".join(problems))


def _ids_of(facts: list[dict], *kinds: str) -> set[str]:
    return {contract_id for fact in facts if fact["kind"] in kinds for contract_id in fact["contracts"]}


def _fact_reference_problems(contracts: list[dict], facts: list[dict]) -> list[str]:
    known = {contract["id"] for contract in contracts}
    problems = []
    for fact in facts:
        if fact["kind"] not in FACT_KINDS:
            problems.append(f"unknown fact kind {fact['kind']!r}")
        unknown = [cid for cid in fact["contracts"] if cid not in known]
        problems += [f"fact {fact['kind']} names unknown contract {cid}" for cid in unknown]
    return problems


def _missing_field_problems(contracts: list[dict], facts: list[dict]) -> list[str]:
    expected = {
        "missing_end_date": {c["id"] for c in contracts if c["end_date"] is None},
        "missing_law": {c["id"] for c in contracts if c["governing_law"] is None},
        "missing_signature_date": {c["id"] for c in contracts if c["signature_date"] is None},
        "foreign_law": {c["id"] for c in contracts if c["governing_law"] not in (None, "droit français")},
        "invalid_siren": {c["id"] for c in contracts if any(s and not siren.is_valid(s) for s in c["siren_parties"])},
    }
    return [
        f"facts of kind {kind} name {sorted(_ids_of(facts, kind))} but the metadata gives {sorted(ids)}"
        for kind, ids in expected.items()
        if _ids_of(facts, kind) != ids
    ]


def _link_problems(contracts: list[dict], facts: list[dict]) -> list[str]:
    """Each duplicate_of / translation_of / amends link must be recorded by a fact naming both ends."""
    problems = []
    for field, kinds in (
        ("duplicate_of", ("duplicate",)),
        ("translation_of", ("translation",)),
        ("amends", ("amendment_postpones", "amendment_price_only")),
    ):
        linked = {c["id"] for c in contracts if c[field]} | {c[field] for c in contracts if c[field]}
        if _ids_of(facts, *kinds) != linked:
            problems.append(f"facts of kind {'/'.join(kinds)} do not match the {field} links {sorted(linked)}")
    return problems


def _index_override_problems(facts: list[dict], index_overrides: dict[str, dict]) -> list[str]:
    contradictions = [fact for fact in facts if fact["kind"] == "metadata_contradiction"]
    declared = {(cid, fact["field"]) for fact in contradictions for cid in fact["contracts"]}
    planted = {(cid, field) for cid, fields in index_overrides.items() for field in fields}
    if declared != planted:
        return [f"metadata_contradiction facts {sorted(declared)} differ from the index overrides {sorted(planted)}"]
    return []


def _per_contract_problems(contracts: list[dict]) -> list[str]:
    problems = []
    window_end = REFERENCE_DATE.replace(year=REFERENCE_DATE.year + 1)
    for contract in contracts:
        problems += [f"{contract['id']}: unknown flag {flag!r}" for flag in contract["flags"] if flag not in FLAGS]
        if len(contract["parties"]) != len(contract["siren_parties"]):
            problems.append(f"{contract['id']}: siren_parties must give one entry (or null) per party")
        end = contract["end_date"]
        expires_soon = end is not None and REFERENCE_DATE <= dt.date.fromisoformat(end) <= window_end
        if expires_soon != (EXPIRY_FLAG in contract["flags"]):
            problems.append(f"{contract['id']}: flag {EXPIRY_FLAG} must be set exactly when end_date is in the window")
    return problems


# --------------------------------------------------------------------------------------------- main


def build_manifest(sources: list[dict], rendered: list[Rendered], facts_file: Path) -> dict:
    head = yaml.safe_load(facts_file.read_text(encoding="utf-8"))
    contracts = [manifest_entry(source, result) for source, result in zip(sources, rendered)]
    overrides = {source["id"]: source["index_overrides"] for source in sources if source.get("index_overrides")}
    check_facts(contracts, head["facts"], overrides)
    return {
        "name": head["name"],
        "description": head["description"],
        "reference_date": REFERENCE_DATE.isoformat(),
        "contracts": contracts,
        "facts": head["facts"],
    }


def prepare_out_dir(out_dir: Path) -> None:
    """Start from an empty folder so renamed contracts leave no stale files behind. Only a folder that
    holds nothing but contract files (a previous run) is wiped; anything else is refused."""
    if out_dir.exists() and any(out_dir.iterdir()):
        strangers = [p for p in out_dir.rglob("*") if p.is_file() and p.suffix.lower() not in FORMATS]
        if strangers:
            raise DemoDataError(
                f"{out_dir} holds files the generator did not write ({strangers[0]}); pick an empty --out"
            )
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)


def dump_json(data, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def generate(out_dir: Path = DEFAULT_OUT, manifest_path: Path | None = DEFAULT_MANIFEST,
             json_path: Path | None = None) -> dict:
    """Write the data room into out_dir, the manifest to manifest_path and, if given, the JSON index to
    json_path. Returns the manifest. Raises DemoDataError when the sources are inconsistent."""
    sources = load_sources()
    prepare_out_dir(out_dir)
    rendered = [render(source, out_dir) for source in sources]
    manifest = build_manifest(sources, rendered, TEXTS_DIR / "facts.yaml")
    if manifest_path is not None:
        dump_json(manifest, manifest_path)
    if json_path is not None:
        dump_json([index_record(source) for source in sources], json_path)
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="data room folder (default demo/dataroom/)")
    parser.add_argument("--manifest", type=Path, default=DEFAULT_MANIFEST, help="where to write manifest.json")
    parser.add_argument("--json", type=Path, default=None, help="also write the data room as a JSON index list")
    args = parser.parse_args(argv)
    try:
        manifest = generate(args.out, args.manifest, args.json)
    except DemoDataError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(f"{len(manifest['contracts'])} contracts written to {args.out}; manifest at {args.manifest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
