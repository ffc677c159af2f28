"""Services: ingest, search, answers, data room, duplicates, compliance, maintenance, status.

Each service orchestrates pipelines over one workspace store; pages, the CLI, the MCP server and the
agent tools call them. Services do not import each other except where one is built on another
(answers on search); import-linter checks it (see .importlinter).
"""
