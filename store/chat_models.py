"""Tables of conversation threads: messages and the tool call waiting for approval."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, Text
from sqlmodel import Field, SQLModel

from store.models import utcnow


class ChatThread(SQLModel, table=True):
    id: str = Field(primary_key=True)
    title: str = ""
    mode: str = "router"  # router | agent
    status: str = Field(default="idle", description="idle | awaiting_approval")
    # The tool call the user must approve, refuse or edit (agent mode), persisted so a reload resumes it.
    pending_call: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class ChatMessageRow(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    thread_id: str = Field(index=True, foreign_key="chatthread.id")
    position: int = Field(index=True)
    role: str  # user | assistant | tool | system
    content: str = Field(default="", sa_column=Column(Text, nullable=False))
    # Tool calls proposed by the assistant, or the tool result's call id and name; sources; events.
    data: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)


TABLES = (ChatThread, ChatMessageRow)
