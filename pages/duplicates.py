"""Duplicates: likely duplicate contracts side by side (placeholder until the service exists)."""

import streamlit as st

st.header("Duplicates")
st.info("Duplicate detection is being installed.")
