"""Keys of the per-user state kept in ``st.session_state``; app.py initialises them once."""

WORKSPACE = "workspace_path"  # resolved path of the open workspace (str)
# ?workspace=<folder> in the page's address: the workspace open, so that a reload or a link opened in a new tab stays in it (the app
# walk of round 34: a reload went back to the default workspace, another client's, with nothing on screen to say so)
WORKSPACE_PARAM = "workspace"
SETTINGS = "settings"  # the Settings of the open workspace, reloaded on every run by app.py
WORKSPACE_INPUT = "sidebar_workspace_input"  # + the sidebar epoch
RETURN_TO = "return_to_page"  # the page a first request asked for, shown once app.py has run
SIDEBAR_EPOCH = "sidebar_epoch"  # bumped to give the sidebar's widgets fresh values (workspace change)
WORKSPACE_MESSAGE = "sidebar_workspace_message"  # (level, text) shown once after open / create
VIEWER = "passage_viewer"  # the passage the large page viewer (a dialog) opens on, for one run

# Chat
THREAD = "chat_thread_id"  # NEW_THREAD: a new conversation
NEW_THREAD = "new"
THREAD_PICKER = "chat_thread_picker"
SOURCE_TURN = "chat_source_turn"  # index of the turn whose sources the panel shows
SOURCE_N = "chat_source_n"  # the passage number selected in the panel
LIVE_TRACES = "chat_live_traces"  # {"<thread id>:<turn index>": [trace steps]} of this session's turns
CHAT_INPUT = "chat_input"
APPROVAL_ARGS = "chat_approval_arguments"

# Data room
DR_FILTERS = "dataroom_filters"  # the arguments of the last submitted filter form
DR_PAGE_SIZE = "dataroom_page_size"
DR_DETAIL = "dataroom_detail_contract"
DR_SELECTED = "dataroom_selected_row"  # the contract of the table row selected last (opens its detail once)
DR_DETAIL_FILTERS = "dataroom_detail_filters"  # the filters the detail's contract was chosen under (new filters open their first row)

# Documents
DOC_UPLOADS = "documents_uploads"
DOC_FOLDER = "documents_folder"
DOC_SELECTED = "documents_selected"
DOC_LAST_REPORT = "documents_last_report"
DOC_LAST_INGEST = "documents_last_ingest"  # {"line", "failed"} of the ingest just done, shown once after the rerun

# Duplicates
DUP_PAIR = "duplicates_pair"

# Compliance
CMP_PLAYBOOK = "compliance_playbook"
CMP_SCOPE = "compliance_scope"
CMP_FLAG = "compliance_flag"
CMP_LAST_REVIEW = "compliance_last_review"  # the review just saved: {"id", "label", "status", "was", "note"}, shown while its flag is filtered out
CMP_STATUS_FILTER = "compliance_status_filter"

# What a page remembers of one workspace (a contract picked, a flag, a filter, a pair, an upload): forgotten when another workspace is
# opened — the app walk of round 32 found the Data room's picker on the previous workspace's contract (ids such as c07 exist in both)
PER_WORKSPACE_PREFIXES = ("dataroom_", "dr_", "documents_", "duplicates_", "compliance_", SOURCE_N, VIEWER, APPROVAL_ARGS)
KEPT_ACROSS_WORKSPACES = frozenset({DR_PAGE_SIZE, CMP_PLAYBOOK})  # … but the user's preferences: rows per page, the playbook
