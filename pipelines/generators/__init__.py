"""Generators: the LLM chat generators (Ollama, a local GGUF) and the answerers of the answer pipeline."""
