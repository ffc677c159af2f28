"""Compliance (placeholder until the service exists)."""

import streamlit as st

st.header("Compliance")
st.info("The compliance scanner is being installed.")
