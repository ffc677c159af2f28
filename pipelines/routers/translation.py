"""QueryTranslator: with an LLM, the question is also searched in the other language of the data room.

A French question about an English contract shares few words with it (and the reverse): the model
translates the question (French ↔ English, told by :func:`greffier.text.language.question_language`), and
the retrievers search the question followed by its translation. The translation is checked before use:
empty, overlong or unchanged replies are ignored, and a model that fails leaves the question as asked.
"""

from __future__ import annotations

import logging
from typing import Any

from haystack import component, default_from_dict, default_to_dict
from haystack.core.serialization import component_to_dict
from haystack.dataclasses import ChatMessage
from haystack.utils import deserialize_chatgenerator_inplace

from greffier.text import fold
from greffier.text.language import question_language

log = logging.getLogger(__name__)

TARGET = {"fr": "English", "en": "French"}
SYSTEM_TRANSLATE = (
    "You translate legal questions about contracts. Reply with the translation only, one line, no quotes, "
    "no explanation. Keep names of companies, people, places and file names as they are; use the usual "
    "contract-law terms of the target language."
)
MAX_LENGTH_RATIO = 3.0


@component
class QueryTranslator:
    """Adds the translation of ``query`` into the data room's other language (see the module docstring).

    Outputs ``query`` (the question, then its translation on a new line, or the question alone) and
    ``translation`` (None when none was used).
    """

    def __init__(self, chat_generator: Any, generation_kwargs: dict[str, Any] | None = None) -> None:
        self.chat_generator = chat_generator
        self.generation_kwargs = generation_kwargs

    def warm_up(self) -> None:
        if hasattr(self.chat_generator, "warm_up"):
            self.chat_generator.warm_up()

    @component.output_types(query=str, translation=str | None)
    def run(self, query: str) -> dict[str, Any]:
        translation = self.translate(query)
        return {"query": f"{query}\n{translation}" if translation else query, "translation": translation}

    def translate(self, query: str) -> str | None:
        """The translation of ``query`` into the other language, or None (undecided language, bad reply)."""
        language = question_language(query)
        if language not in TARGET:
            return None
        messages = [ChatMessage.from_system(SYSTEM_TRANSLATE), ChatMessage.from_user(f"Translate into {TARGET[language]}:\n{query}")]
        kwargs: dict[str, Any] = {"messages": messages}
        if self.generation_kwargs:
            kwargs["generation_kwargs"] = dict(self.generation_kwargs)
        try:
            replies = self.chat_generator.run(**kwargs)["replies"]
        except Exception as exc:  # noqa: BLE001  (a model that fails leaves the question as asked)
            log.warning("query translation failed (%s): searching the question as asked", type(exc).__name__)
            return None
        text = " ".join(((replies[0].text or "") if replies else "").split()).strip(" \"'«»“”")
        if not text or len(text) > MAX_LENGTH_RATIO * max(len(query), 20) or fold(text) == fold(query):
            return None
        return text

    def to_dict(self) -> dict[str, Any]:
        return default_to_dict(self, chat_generator=component_to_dict(self.chat_generator, "chat_generator"), generation_kwargs=self.generation_kwargs)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> QueryTranslator:
        deserialize_chatgenerator_inplace(data["init_parameters"], key="chat_generator")
        return default_from_dict(cls, data)
