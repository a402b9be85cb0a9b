//! The synergy engine: the SYNERGY algorithm (Gulavani et al., FSE 2006), tests and partition
//! refinement guiding each other. Work in progress (issue 4): nothing is implemented yet.
#![forbid(unsafe_code)]
