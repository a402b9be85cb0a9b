//! CFG analyses (being written).
