"""Joiner components: fusion of ranked lists."""
