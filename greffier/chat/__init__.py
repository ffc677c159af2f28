"""Conversational orchestration: an intent router that plans and calls tools, with human approval."""
