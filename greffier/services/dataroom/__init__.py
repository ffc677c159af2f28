"""The data-room service: records (built by the writer, read by everyone), exhaustive queries,
contract details and duplicates."""
