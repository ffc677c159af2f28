"""Conversation threads persisted in the workspace's SQLite: messages and the pending tool call.

Messages are stored as Haystack ``ChatMessage.to_dict()`` payloads so that a thread reloaded after
a restart gives the model exactly the conversation it had; a thread paused on a tool call keeps
that call until the user approves, edits or refuses it.
"""

from __future__ import annotations

import uuid
from typing import Any

from haystack.dataclasses import ChatMessage
from sqlmodel import select

from store.workspace import WorkspaceStore
from store.chat_models import ChatMessageRow, ChatThread
from store.models import utcnow


def create_thread(workspace: WorkspaceStore, *, title: str = "", mode: str = "router") -> str:
    thread_id = uuid.uuid4().hex[:12]
    with workspace.session() as session:
        session.add(ChatThread(id=thread_id, title=title[:120], mode=mode))
    return thread_id


def get_thread(workspace: WorkspaceStore, thread_id: str) -> ChatThread | None:
    with workspace.session() as session:
        return session.get(ChatThread, thread_id)


def list_threads(workspace: WorkspaceStore) -> list[ChatThread]:
    with workspace.session() as session:
        return list(session.exec(select(ChatThread).order_by(ChatThread.updated_at.desc())))


def messages(workspace: WorkspaceStore, thread_id: str) -> list[ChatMessage]:
    """The thread's messages, oldest first, as Haystack chat messages."""
    return [ChatMessage.from_dict(row.data["message"]) for row in rows(workspace, thread_id) if "message" in row.data]


def rows(workspace: WorkspaceStore, thread_id: str) -> list[ChatMessageRow]:
    with workspace.session() as session:
        statement = select(ChatMessageRow).where(ChatMessageRow.thread_id == thread_id).order_by(ChatMessageRow.position)
        return list(session.exec(statement))


def previous_scope(workspace: WorkspaceStore, thread_id: str | None) -> list[str]:
    """The contracts the thread's last answer was about (its ``scope_ids``: those its question named, or its follow-up's), or none."""
    if not thread_id:
        return []
    finals = [row.data for row in rows(workspace, thread_id) if row.data.get("final")]
    return list(finals[-1].get("scope_ids") or []) if finals else []


def append(workspace: WorkspaceStore, thread_id: str, message: ChatMessage, extra: dict[str, Any] | None = None) -> None:
    """Add a message (and display data: sources, events) at the end of the thread."""
    with workspace.session() as session:
        count = len(list(session.exec(select(ChatMessageRow.id).where(ChatMessageRow.thread_id == thread_id))))
        session.add(
            ChatMessageRow(
                thread_id=thread_id,
                position=count,
                role=message.role.value,
                content=message.text or "",
                data={"message": message.to_dict(), **(extra or {})},
            )
        )
        thread = session.get(ChatThread, thread_id)
        if thread is not None:
            thread.updated_at = utcnow()
            if not thread.title and message.role.value == "user":
                thread.title = (message.text or "")[:120]
            session.add(thread)


def set_pending(workspace: WorkspaceStore, thread_id: str, call: dict[str, Any] | None) -> None:
    """Persist (or clear) the tool call waiting for the user's decision."""
    with workspace.session() as session:
        thread = session.get(ChatThread, thread_id)
        if thread is None:
            return
        thread.pending_call = call
        thread.status = "awaiting_approval" if call else "idle"
        thread.updated_at = utcnow()
        session.add(thread)
