"""Greffier's Streamlit app: page config, shared sidebar and navigation. Pages live in ``pages/``."""

import greffier  # noqa: F401  (privacy switches before Streamlit, Haystack or Chroma are imported)

import streamlit as st

from greffier import ui_state
from greffier.config import load_settings

st.set_page_config(page_title="Greffier", page_icon="⚖️", layout="wide")

if ui_state.WORKSPACE not in st.session_state:
    st.session_state[ui_state.WORKSPACE] = str(load_settings().workspace)

with st.sidebar:
    st.title("⚖️ Greffier")
    st.caption("Private legal-document assistant — everything stays on this machine.")
    st.text_input("Workspace folder", key=ui_state.WORKSPACE)

navigation = st.navigation([st.Page("pages/documents.py", title="Documents", icon="📄", default=True)])
navigation.run()
