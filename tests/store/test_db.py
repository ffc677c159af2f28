from sqlalchemy import inspect, text
from sqlmodel import create_engine

from store.db import MIGRATIONS, create_workspace_engine, migrate, schema_version


def test_migrates_an_empty_database(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'empty.sqlite'}")
    assert schema_version(engine) == 0
    assert migrate(engine) == len(MIGRATIONS)
    tables = set(inspect(engine).get_table_names())
    assert {"contract", "chunk", "sourcefile", "workspacemeta"} <= tables
    # A second run is a no-op.
    assert migrate(engine) == len(MIGRATIONS)


def test_engine_uses_wal_and_foreign_keys(tmp_path):
    engine = create_workspace_engine(tmp_path)
    with engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar().lower() == "wal"
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
