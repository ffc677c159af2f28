"""Contract records from a data room: normalised metadata, rule-based extraction, amendments.

Pure domain logic (no database, no UI): :func:`build_records` turns ingested contracts
(:class:`ContractInput`) into :class:`ContractRecord` objects. The modules can be used alone:
``normalize`` (dates, SIREN, entity ids, laws, types), ``extract`` (rules on the text),
``amendments`` (attaching amendments, moving end dates), ``records`` (the whole pipeline).
"""

from greffier.dataroom.extract import ChunkInput
from greffier.dataroom.records import ContractInput, ContractRecord, FieldSource, Party, build_records, inputs_from_dataroom

__all__ = ["ChunkInput", "ContractInput", "ContractRecord", "FieldSource", "Party", "build_records", "inputs_from_dataroom"]
