"""The tools an LLM agent (or the MCP server, or the CLI) calls: one registry, JSON in, JSON out."""

from greffier.tools.registry import TOOLS, ToolError, call_tool, tool_definitions

__all__ = ["TOOLS", "ToolError", "call_tool", "tool_definitions"]
