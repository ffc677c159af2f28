"""The flag tables: created by migration 3 on an empty database, and on an older one that lacked them."""

from __future__ import annotations

from sqlalchemy import inspect
from sqlmodel import create_engine

from store.flags import ensure_tables
from store.compliance_models import TABLES, Flag, ScanRun
from store.db import migrate


def test_migrations_create_the_flag_tables(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'empty.sqlite'}")
    migrate(engine)
    assert {"flag", "scanrun"} <= set(inspect(engine).get_table_names())
    assert TABLES == (Flag, ScanRun)
    columns = {c["name"] for c in inspect(engine).get_columns("flag")}
    assert {"playbook", "rule_id", "document_id", "chunk_id", "page", "section", "excerpt", "severity", "explanation",
            "status", "note", "playbook_version", "present", "first_seen_at", "last_seen_at", "gone_at"} <= columns


def test_ensure_tables_repairs_a_database_migrated_without_them(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'old.sqlite'}")
    migrate(engine)
    Flag.__table__.drop(engine)
    ScanRun.__table__.drop(engine)
    ensure_tables(engine)
    assert {"flag", "scanrun"} <= set(inspect(engine).get_table_names())
