"""Serialisation of components that carry a workspace store (the Haystack ``document_store=`` idiom)."""

from __future__ import annotations

from typing import Any, TypeVar

from haystack import default_from_dict, default_to_dict

from store.workspace import WorkspaceStore

C = TypeVar("C")


def store_component_to_dict(component: Any, **init_parameters: Any) -> dict[str, Any]:
    """``default_to_dict`` with the component's ``store`` serialised as the store's own dict."""
    return default_to_dict(component, store=component.store.to_dict(), **init_parameters)


def store_component_from_dict(cls: type[C], data: dict[str, Any]) -> C:
    """The inverse of :func:`store_component_to_dict`: the store is the open one of that workspace."""
    params = data.get("init_parameters", {})
    if isinstance(params.get("store"), dict):
        params["store"] = WorkspaceStore.from_dict(params["store"])
    return default_from_dict(cls, data)


class StoreComponent:
    """Base of the components that read or write one workspace's store, handed to them by the
    builder: ``store`` is serialised with the component, and the other init parameters named in
    ``init_parameters`` with it."""

    store: WorkspaceStore
    init_parameters: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return store_component_to_dict(self, **{name: getattr(self, name) for name in self.init_parameters})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Any:
        return store_component_from_dict(cls, data)
