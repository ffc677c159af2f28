"""View-model helpers for the Streamlit pages: plain Python, no Streamlit import.

Pages read settings, call one of these helpers (or a service), and draw what comes back.

- :mod:`greffier.ui.keys`       session-state keys (the one list of per-user state)
- :mod:`greffier.ui.knobs`      workspace opening, retrieval knobs and chat mode, backend wording
- :mod:`greffier.ui.graph`      a pipeline as a DOT string (drawn locally, never by an online service)
- :mod:`greffier.ui.highlight`  a PDF page rendered with a passage highlighted (pypdfium2 + PIL)
- :mod:`greffier.ui.chat`       chat turns: run, persist, reload as view models, sources, trace
- :mod:`greffier.ui.trace`      a turn's trace told in plain words, in the question's language
- :mod:`greffier.ui.exports`    conversations to Markdown / DOCX
- :mod:`greffier.ui.dataroom`   data-room filters, exhaustive listing, table and timeline rows
- :mod:`greffier.ui.documents`  ingest uploads or a folder, re-index and remove files
- :mod:`greffier.ui.duplicates` duplicate pairs, dismissals, a pair compared with its differences marked
- :mod:`greffier.ui.compliance` playbooks, scans and their summary, flags grouped, exports
- :mod:`greffier.ui.text`       Markdown escaping of document text
"""
