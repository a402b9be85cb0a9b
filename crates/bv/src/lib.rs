//! placeholder: the bit-vector layer (issue 8) is being written.
