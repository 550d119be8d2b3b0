"""The render tree as the server sent it (docs/protocol.md §5.2 and §6): each view's name, parent and properties
(model values), kept up to date from ``render`` messages."""

from __future__ import annotations


class Mirror:
    """Views by id: ``{"name", "kind", "parent", "props"}``; properties not sent are at their defaults."""

    def __init__(self) -> None:
        self.nodes: dict[int, dict] = {}

    def apply(self, render: dict) -> None:
        if render.get("full"):
            self.nodes = {}
        for op in render.get("ops") or []:
            kind, node_id = op.get("op"), op.get("id")
            if kind == "create":
                self.nodes[node_id] = {"name": op.get("name"), "kind": op.get("kind"), "parent": op.get("parent"),
                                       "props": dict(op.get("props") or {})}
            elif kind == "set" and node_id in self.nodes:
                props = self.nodes[node_id]["props"]
                for key, value in (op.get("props") or {}).items():
                    if value is None:
                        props.pop(key, None)
                    else:
                        props[key] = value
            elif kind == "move" and node_id in self.nodes:
                self.nodes[node_id]["parent"] = op.get("parent")
            elif kind == "remove":
                self._remove(node_id)

    def _remove(self, node_id: int) -> None:
        self.nodes.pop(node_id, None)
        for child in [i for i, node in self.nodes.items() if node["parent"] == node_id]:
            self._remove(child)

    def props(self, name: str) -> dict | None:
        """The properties of the view the log calls ``name`` (None: no such view now)."""
        for node in self.nodes.values():
            if node["name"] == name:
                return node["props"]
        return None
