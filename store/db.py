"""Engine, sessions and migrations of a workspace's SQLite database.

SQLite runs in WAL mode so readers (searches, a second app session) see a consistent snapshot while
one writer ingests; ``busy_timeout`` makes a second writer wait instead of failing.
"""

from __future__ import annotations

import fcntl
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import event, text
from sqlalchemy.engine import Engine
from sqlmodel import Session, SQLModel, create_engine

from store import chat_models, compliance_models, models  # noqa: F401  (register the tables on SQLModel.metadata)
import importlib

log = logging.getLogger(__name__)

DB_FILE = "greffier.sqlite"

def _set_sqlite_pragmas(dbapi_connection, _record) -> None:  # noqa: ANN001
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def create_workspace_engine(data_dir: Path) -> Engine:
    """A new engine on the database in ``data_dir``, created and migrated first.

    The workspace store (:class:`store.workspace.WorkspaceStore`) makes one and owns it; two
    processes opening a new workspace at once do not both create its tables (a file lock).
    """
    db_path = (Path(data_dir) / DB_FILE).resolve()
    db_path.parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(f"sqlite:///{db_path}", connect_args={"check_same_thread": False, "timeout": 30})
    event.listen(engine, "connect", _set_sqlite_pragmas)
    with open(db_path.parent / "migrate.lock", "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            migrate(engine)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return engine


@contextmanager
def session_scope(engine: Engine) -> Iterator[Session]:
    """One session per action: commits on success, rolls back on error."""
    with Session(engine, expire_on_commit=False) as session:
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise


# --- migrations -------------------------------------------------------------------------------
# Each migration takes a connection and brings the schema from version i to i + 1.


def _m001_initial(connection) -> None:  # noqa: ANN001
    SQLModel.metadata.create_all(connection)


def _m002_contract_meta(connection) -> None:  # noqa: ANN001
    models.ContractMeta.__table__.create(connection, checkfirst=True)


def _m005_record_cache(connection) -> None:  # noqa: ANN001
    models.RecordCache.__table__.create(connection, checkfirst=True)  # per-contract data-room records


def _m006_chunk_clause_types(connection) -> None:  # noqa: ANN001
    columns = {row[1] for row in connection.execute(text("PRAGMA table_info(chunk)"))}
    if "clause_types" not in columns:  # a database created at schema 6 or later has it already
        connection.execute(text("ALTER TABLE chunk ADD COLUMN clause_types JSON NOT NULL DEFAULT '[]'"))


def _create_tables_of(module_name: str):  # noqa: ANN202
    """A migration that creates the tables a module defines (checkfirst: safe on any database)."""

    def migration(connection) -> None:  # noqa: ANN001

        module = importlib.import_module(module_name)
        for table in module.TABLES:
            table.__table__.create(connection, checkfirst=True)

    migration.__name__ = f"create_tables_of_{module_name.replace('.', '_')}"
    return migration


MIGRATIONS: list[Callable] = [
    _m001_initial,
    _m002_contract_meta,
    _create_tables_of("store.compliance_models"),  # 3: flags and scans
    _create_tables_of("store.chat_models"),  # 4: conversation threads
    _m005_record_cache,
    _m006_chunk_clause_types,  # clause types of each chunk (labelled at ingest; relabelled when the library changes)
]


def schema_version(engine: Engine) -> int:
    with engine.connect() as connection:
        return int(connection.execute(text("PRAGMA user_version")).scalar() or 0)


def migrate(engine: Engine) -> int:
    """Apply pending migrations in one transaction each; returns the new schema version."""
    version = schema_version(engine)
    for index in range(version, len(MIGRATIONS)):
        with engine.begin() as connection:
            MIGRATIONS[index](connection)
            connection.execute(text(f"PRAGMA user_version = {index + 1}"))
        log.info("workspace database migrated to schema %d", index + 1)
    return max(version, len(MIGRATIONS))
