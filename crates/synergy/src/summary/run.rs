//! Concrete calls of procedures and their memo: SMASH's must-summaries in their simplest form
//! (Godefroid et al., POPL 2010, §3: a must-summary is a pre/post pair that some execution
//! realises). A procedure is a closed, deterministic function of its arguments
//! ([`crate::flatten::procs`]), so every call observed concretely is an exact pair
//! `args ↦ outcome`; a later call with the same arguments is answered from the memo without
//! running again, which is what lets tests reach states behind deep recursion (`fib(25)` runs
//! 26 bodies, not 250 000).
//!
//! The interpreter keeps its own stack of frames (no Rust recursion), so the depth of a
//! recursion is bounded only by [`MAX_FRAMES`] and [`MAX_STEPS`]; past them the call is
//! [`Outcome::Cut`]: the test stops there (never a verdict; memoised for the outermost call
//! only, meaning "not known to return within this budget").
//!
//! A call whose inputs are those of a call still on the stack of the same procedure never
//! returns ([`Outcome::Diverges`]): the outer call, from its inputs, ran a finite stretch free
//! of errors, blocks and undefined behaviour (any of them would have ended it) up to a call
//! with the same inputs, and a procedure's execution is a function of its inputs
//! ([`crate::flatten::procs`]), so the inner call runs the same stretch to a third such call,
//! and so on without end. Every frame on the stack is then waiting on that descent, so every
//! one of them diverges too, and each is memoised so (an exact must-fact: these inputs lead
//! to no return and no error).

use vigil_bv::fasthash::{FastMap, FastSet};

use crate::exec::{self, Inputs, Step};
use crate::flatten::procs::ProcTable;
use crate::flatten::{FInst, Opnd};
use vigil_ir::Loc;

/// Frames one concrete call may stack up.
pub const MAX_FRAMES: usize = 200_000;
/// Instructions and terminators one concrete call may execute (memo hits are free).
pub const MAX_STEPS: u64 = 5_000_000;
/// Memo entries kept per procedure (older ones are forgotten; they are re-run when needed).
pub const MAX_MEMO: usize = 100_000;

/// How a call ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Returned with these outputs ([`crate::flatten::procs::Proc::outputs`]: the result
    /// unless `void`, then the globals' final values).
    Ret(Vec<u64>),
    /// Reached the error (the property's violation) at `Loc`.
    Error(Loc),
    /// Undefined behaviour.
    Ub(String, Loc),
    /// An assumption failed inside: no execution continues.
    Blocked,
    /// Past the interpreter's bounds.
    Cut,
    /// Never returns and never fails: the call reaches a call of the same procedure with the
    /// same inputs while that one is still running (module doc).
    Diverges,
}

/// The concrete calls of one procedure seen so far, in the order they were first made, keyed
/// by their inputs ([`crate::flatten::procs::Proc::inputs`]: arguments, then globals).
#[derive(Clone, Debug, Default)]
pub struct Memo {
    pub map: FastMap<Vec<u64>, Outcome>,
    pub order: Vec<Vec<u64>>,
}

impl Memo {
    fn insert(&mut self, args: Vec<u64>, o: Outcome) {
        if self.map.len() >= MAX_MEMO {
            return;
        }
        if self.map.insert(args.clone(), o).is_none() {
            self.order.push(args);
        }
    }
}

/// Procedures read no inputs ([`crate::flatten::procs`]).
struct NoInputs;

impl Inputs for NoInputs {
    fn next(&mut self, _func: &str, _width: u32) -> u64 {
        0
    }
}

struct Frame {
    proc: u32,
    block: u32,
    at: usize,
    state: Vec<u64>,
    /// The procedure's large arrays' sparse cells ([`crate::sparse`]).
    mem: crate::sparse::Shadows,
    /// The call's inputs.
    args: Vec<u64>,
    /// Where the pending call's outputs go: its result register, its globals' cells.
    dst: Option<(Option<u32>, Vec<u32>)>,
}

fn val(state: &[u64], o: Opnd) -> u64 {
    match o {
        Opnd::Reg(r) => state[r as usize],
        Opnd::Const { bits, .. } => bits,
        Opnd::Undef { .. } => 0,
    }
}

/// Writes the outputs of a call of `p` that returned into the caller's `state`: the result to
/// `dst`, the globals to the caller's cells `globals` of them.
pub fn write_back(table: &ProcTable, p: u32, state: &mut [u64], dst: Option<u32>, globals: &[u32], outs: &[u64]) {
    let returns = table.procs.borrow()[p as usize].ret.is_some();
    if let (Some(d), true) = (dst, returns) {
        state[d as usize] = outs[0];
    }
    for (&g, &v) in globals.iter().zip(&outs[usize::from(returns)..]) {
        state[g as usize] = v;
    }
}

/// The inputs of a call: the arguments' values, then the globals' (the caller's `globals` cells).
pub fn inputs(state: &[u64], args: &[Opnd], globals: &[u32]) -> Vec<u64> {
    args.iter().map(|o| val(state, *o)).chain(globals.iter().map(|&g| state[g as usize])).collect()
}

/// Runs procedure `p` on inputs `args` (or answers from the memo); every call completed on the
/// way is memoised.
pub fn call(table: &ProcTable, p: u32, args: &[u64]) -> Outcome {
    if let Some(o) = table.memo.borrow()[p as usize].map.get(args) {
        return o.clone();
    }
    let procs = table.procs.borrow();
    let new_frame = |p: u32, args: &[u64]| {
        let pr = &procs[p as usize];
        let mut state = vec![0u64; pr.flat.regs.len()];
        for (&r, &v) in pr.inputs().iter().zip(args) {
            state[r as usize] = v & crate::flatten::mask(pr.flat.width(r));
        }
        Frame { proc: p, block: 0, at: 0, state, mem: pr.flat.initial_shadows(true), args: args.to_vec(), dst: None }
    };
    let mut frames = vec![new_frame(p, args)];
    // The calls in progress, by procedure: never twice the same inputs (that diverges).
    let mut running: Vec<FastSet<Vec<u64>>> = vec![FastSet::default(); procs.len()];
    running[p as usize].insert(args.to_vec());
    let mut steps = 0u64;
    let mut consumed = Vec::new();
    // The outcome of the innermost frame once it ends; unwound into the frames below.
    let mut ended: Option<Outcome> = None;
    loop {
        if let Some(o) = ended.take() {
            let fr = frames.pop().expect("a frame ended");
            running[fr.proc as usize].remove(&fr.args);
            table.memo.borrow_mut()[fr.proc as usize].insert(fr.args, o.clone());
            let Some(caller) = frames.last_mut() else { return o };
            match o {
                Outcome::Ret(outs) => {
                    let (dst, globals) = caller.dst.take().expect("a caller waits for its call");
                    write_back(table, fr.proc, &mut caller.state, dst, &globals, &outs);
                    caller.at += 1;
                }
                // The caller ends the same way (nothing after the call runs).
                other => ended = Some(other),
            }
            continue;
        }
        steps += 1;
        if steps > MAX_STEPS || frames.len() > MAX_FRAMES {
            // Only the outermost call is known to be cut (with this budget, from here).
            table.memo.borrow_mut()[p as usize].insert(args.to_vec(), Outcome::Cut);
            return Outcome::Cut;
        }
        let fr = frames.last_mut().expect("a frame");
        let pr = &procs[fr.proc as usize];
        let blk = &pr.flat.blocks[fr.block as usize];
        if fr.at < blk.insts.len() {
            let inst = &blk.insts[fr.at];
            if let FInst::Call { dst, proc, args, globals } = inst {
                let a = inputs(&fr.state, args, globals);
                let known = table.memo.borrow()[*proc as usize].map.get(&a).cloned();
                match known {
                    Some(Outcome::Ret(outs)) => {
                        write_back(table, *proc, &mut fr.state, *dst, globals, &outs);
                        fr.at += 1;
                    }
                    Some(other) => ended = Some(other),
                    None if running[*proc as usize].contains(&a) => {
                        // The same call again inside itself: every frame diverges (module doc).
                        let mut memo = table.memo.borrow_mut();
                        for f in frames.drain(..) {
                            memo[f.proc as usize].insert(f.args, Outcome::Diverges);
                        }
                        return Outcome::Diverges;
                    }
                    None => {
                        let fr = frames.last_mut().expect("a frame");
                        fr.dst = Some((*dst, globals.clone()));
                        let callee = new_frame(*proc, &a);
                        frames.push(callee);
                        running[*proc as usize].insert(a);
                    }
                }
                continue;
            }
            let loc = blk.locs[fr.at];
            match exec::inst_step(&pr.flat, inst, loc, &mut fr.state, &mut fr.mem, &mut NoInputs, &mut consumed) {
                None => fr.at += 1,
                Some(s) => ended = Some(end_of(s)),
            }
            continue;
        }
        if fr.block == pr.ret_block {
            ended = Some(Outcome::Ret(pr.outputs().iter().map(|&r| fr.state[r as usize]).collect()));
            continue;
        }
        match exec::term_step(&pr.flat, fr.block, &mut fr.state) {
            Step::Next(b) => {
                fr.block = b;
                fr.at = 0;
            }
            s => ended = Some(end_of(s)),
        }
    }
}

fn end_of(s: Step) -> Outcome {
    match s {
        Step::Error(l) => Outcome::Error(l),
        Step::Ub(w, l) => Outcome::Ub(w, l),
        Step::Blocked => Outcome::Blocked,
        // Procedures do not exit, and return only at their return block.
        Step::Exit | Step::Next(_) => Outcome::Ub("a procedure ended without returning".into(), Loc::UNKNOWN),
    }
}
