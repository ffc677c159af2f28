"""Keys of per-user state kept in ``st.session_state`` (initialised once, in app.py)."""

WORKSPACE = "workspace_path"
