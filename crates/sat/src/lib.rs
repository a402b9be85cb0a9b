//! placeholder: the SAT core (issue 7) is being written.
