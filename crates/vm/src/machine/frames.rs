//! Frames (DiVM §4.1): each activation of a function is a heap object of kind
//! [`ObjKind::Frame`] holding its pc (`FRAME_FUNC`, `FRAME_BLOCK`, `FRAME_INST`), its caller
//! (`FRAME_PARENT`), its registers, and after them the list of allocas it owns
//! (`FRAME_NALLOCA` entries, freed with the frame). Also here: switching the running frame
//! (`VM_CR_FRAME`), locations on the stack for reports, and scrubbing dead registers.
//!
//! Invariants: the running frame's pc lives in the machine's cached registers (`func`, `block`,
//! `inst`) and is written back to the frame ([`Machine::save_pc`]) before anything else reads it
//! (a call, a fault, the end of a transition); a parent frame's pc is at its call instruction.
//! A frame is freed together with its allocas; a variadic frame's extra arguments are its first
//! alloca.

use super::*;

impl Machine<'_> {
    pub(super) fn frame(&self) -> &Object {
        self.state.heap.get(self.frame).expect("the running frame is live")
    }

    pub(super) fn frame_mut(&mut self) -> &mut Object {
        self.state.heap.get_mut(self.frame).expect("the running frame is live")
    }

    pub(super) fn load_pc(&mut self) {
        if self.frame == 0 {
            return;
        }
        let f = self.frame();
        let func = f.read(FRAME_FUNC, 4).bits as u32;
        let block = f.read(FRAME_BLOCK, 4).bits as u32;
        let inst = f.read(FRAME_INST, 4).bits as u32;
        self.func = FuncId(func);
        self.block = block;
        self.inst = inst;
    }

    pub(super) fn save_pc(&mut self) {
        if self.frame == 0 {
            return;
        }
        let (b, i) = (self.block, self.inst);
        let f = self.frame_mut();
        f.write(FRAME_BLOCK, 4, Scalar::int(u64::from(b)));
        f.write(FRAME_INST, 4, Scalar::int(u64::from(i)));
    }

    /// Calls `f`: a new frame whose caller is `caller_frame` becomes the running frame.
    ///
    /// Arguments beyond a non-variadic function's parameters are dropped, as the x86-64 and
    /// i386 calling conventions drop them (the caller places and removes them, the callee never
    /// reads them): above all a thread function defined without a prototype, `void *thread()`,
    /// which `pthread_create` calls with its argument. C leaves such a call undefined when the
    /// types disagree; every platform vigil models runs it this way, and so do CBMC, ESBMC and
    /// CPAchecker. Too few arguments stay a fault ([`Self::make_frame`]): the callee would read
    /// registers nobody set.
    pub(super) fn push_frame(&mut self, f: FuncId, args: &[Arg], caller_frame: u32) -> VmResult<()> {
        let id = self.make_frame(f, args, caller_frame)?;
        let info = &self.prog.funcs[f.index()];
        self.frame = id;
        self.func = f;
        self.block = 0;
        self.inst = info.num_phis.first().copied().unwrap_or(0);
        Ok(())
    }

    /// A new frame object for `f` (not running): the pc at its entry, the parameters set from
    /// `args` (as many as `f` has; the rest go to the variadic area when `f` is variadic).
    pub(super) fn make_frame(&mut self, f: FuncId, args: &[Arg], caller_frame: u32) -> VmResult<u32> {
        let func = self.prog.module.function(f);
        if func.is_declaration() || args.len() < func.params.len() {
            return Err(FaultKind::BadCall);
        }
        let info = &self.prog.funcs[f.index()];
        let mut frame = Object::new(ObjKind::Frame, info.frame_size as usize, false);
        frame.write(FRAME_FUNC, 4, Scalar::int(u64::from(f.0)));
        frame.write(FRAME_BLOCK, 4, Scalar::int(0));
        frame.write(FRAME_INST, 4, Scalar::int(u64::from(info.num_phis.first().copied().unwrap_or(0))));
        frame.write(FRAME_NALLOCA, 4, Scalar::int(0));
        let parent = if caller_frame == 0 { Scalar::null() } else { Scalar::pointer(caller_frame, 0) };
        frame.write(FRAME_PARENT, 8, parent);
        for (i, p) in func.params.iter().enumerate() {
            let (off, size) = (info.reg_off[p.index()], info.reg_size[p.index()]);
            match &args[i] {
                Arg::Scalar(s) => frame.write(off, size.min(8), *s),
                Arg::Bytes(b) => frame.copy_from(off, b, 0, size.min(b.size())),
            }
        }
        let id = self.state.heap.alloc(frame);
        if func.varargs {
            if !self.prog.checks_overflow[f.index()] && self.address_passed_as_integer(&args[func.params.len()..], func.params.len()) {
                self.trans_flags |= flags::ADDRESS_PRINTED;
            }
            let area = self.vararg_area(&args[func.params.len()..], func.params.len());
            let area_id = self.state.heap.alloc(area);
            self.add_alloca_to(id, area_id);
        }
        Ok(id)
    }

    /// Whether a variadic library function (printf and its family) gets an object's address as
    /// an integer among its extra arguments (`printf("%lx", (uintptr_t)p)`): it formats the
    /// VM's encoding of the address, natively another number (see
    /// [`flags::ADDRESS_PRINTED`]).
    fn address_passed_as_integer(&self, extra: &[Arg], fixed: usize) -> bool {
        let shapes = &self.arg_shapes[fixed.min(self.arg_shapes.len())..];
        extra.iter().enumerate().any(|(k, a)| {
            matches!(a, Arg::Scalar(s) if s.ptr && decode(s.bits).0 != 0) && shapes.get(k).is_some_and(|sh| !sh.ptr)
        })
    }

    /// The object holding a variadic call's extra arguments (`extra`, after `fixed` named
    /// parameters), owned by the callee's frame; the `va_list` built by `va_start` points into
    /// it. LP64: x86-64's overflow area, 8-byte slots for scalars (a symbolic scalar travels as
    /// its register's bytes, of which the slot takes the value's 8) and all the bytes of an
    /// aggregate (a struct passed in memory: see `canon_byval` in the front end), rounded up to
    /// 8. ILP32: each argument in a 4-aligned slot of its own size rounded up to 4 (pointers 4
    /// bytes, long long 8), which is how clang's i386 `va_arg` reads them.
    fn vararg_area(&self, extra: &[Arg], fixed: usize) -> Object {
        let shapes = &self.arg_shapes[fixed.min(self.arg_shapes.len())..];
        if self.prog.ptr_bytes == NARROW_PTR_BYTES {
            let size_of = |k: usize, a: &Arg| -> u32 {
                match a {
                    Arg::Bytes(b) => b.size(),
                    Arg::Scalar(s) if s.ptr => NARROW_PTR_BYTES,
                    Arg::Scalar(_) => shapes.get(k).map_or(32, |s| s.bits).div_ceil(8).clamp(1, 8),
                }
                .div_ceil(4)
                    * 4
            };
            let total: u32 = extra.iter().enumerate().map(|(k, a)| size_of(k, a)).sum();
            let mut area = Object::new(ObjKind::VarArgs, total.max(4) as usize, false);
            let mut at = 0;
            for (k, a) in extra.iter().enumerate() {
                let len = size_of(k, a);
                match a {
                    Arg::Scalar(s) => area.write(at, if s.ptr { NARROW_PTR_BYTES } else { len.min(8) }, *s),
                    Arg::Bytes(b) => area.copy_from(at, b, 0, b.size()),
                }
                at += len;
            }
            area
        } else {
            let in_memory = |k: usize, a: &Arg| match a {
                Arg::Bytes(b) if shapes.get(k).is_some_and(|s| s.as_bytes) => Some(b.size()),
                _ => None,
            };
            let size_of = |k: usize, a: &Arg| in_memory(k, a).map_or(8, |n| n.div_ceil(8) * 8);
            let total: u32 = extra.iter().enumerate().map(|(k, a)| size_of(k, a)).sum();
            let mut area = Object::new(ObjKind::VarArgs, total.max(8) as usize, false);
            let mut at = 0;
            for (k, a) in extra.iter().enumerate() {
                match (a, in_memory(k, a)) {
                    (Arg::Scalar(s), _) => area.write(at, 8, *s),
                    (Arg::Bytes(b), Some(n)) => area.copy_from(at, b, 0, n),
                    (Arg::Bytes(b), None) => area.copy_from(at, b, 0, b.size().min(8)),
                }
                at += size_of(k, a);
            }
            area
        }
    }

    pub(super) fn add_alloca(&mut self, obj: u32) {
        self.add_alloca_to(self.frame, obj);
    }

    /// Records `obj` as an alloca owned by `frame` (freed with it).
    pub(super) fn add_alloca_to(&mut self, frame: u32, obj: u32) {
        let f = self.state.heap.get_mut(frame).expect("a live frame");
        let n = f.read(FRAME_NALLOCA, 4).bits as u32;
        let at = f.size();
        f.resize(at + PTR_BYTES);
        f.write(at, 8, Scalar::pointer(obj, 0));
        f.write(FRAME_NALLOCA, 4, Scalar::int(u64::from(n + 1)));
    }

    /// Frees the allocas of the running frame beyond the first `keep`.
    pub(super) fn free_allocas(&mut self, keep: u32) {
        let size = self.prog.funcs[self.func.index()].frame_size;
        let f = self.frame();
        let n = f.read(FRAME_NALLOCA, 4).bits as u32;
        if n <= keep {
            return;
        }
        let ids: Vec<u32> = (keep..n).map(|k| decode(f.read(size + 8 * k, 8).bits).0).collect();
        for id in ids {
            self.state.heap.free(id);
        }
        let f = self.frame_mut();
        f.resize(size + 8 * keep);
        f.write(FRAME_NALLOCA, 4, Scalar::int(u64::from(keep)));
    }

    /// Frees frame `id` and the allocas it owns.
    pub(super) fn free_frame(&mut self, id: u32) {
        let Some(f) = self.state.heap.get(id) else { return };
        let func = FuncId(f.read(FRAME_FUNC, 4).bits as u32);
        let size = self.prog.funcs.get(func.index()).map_or(FRAME_REGS, |i| i.frame_size);
        let n = f.read(FRAME_NALLOCA, 4).bits as u32;
        let ids: Vec<u32> = (0..n).map(|k| decode(f.read(size + 8 * k, 8).bits).0).collect();
        for obj in ids {
            self.state.heap.free(obj);
        }
        self.state.heap.free(id);
    }

    /// `VM_CR_FRAME := target`: frees the running frame and its callers up to (not including)
    /// `target` or the bottom of the stack, and continues in `target` at its saved pc.
    pub(super) fn switch_frame(&mut self, target: u32) -> VmResult<Flow> {
        // `VM_CR_FRAME := NULL` from a thread: the thread is over (the OS has taken it out of its
        // table); its whole stack is freed and the transition ends.
        let ends_thread = target == 0 && self.in_thread;
        let ok = ends_thread || (self.state.heap.get(target).is_some_and(|o| o.kind == ObjKind::Frame) && target != self.frame);
        if !ok {
            return Err(FaultKind::BadHypercall("VM_CR_FRAME set to something that is not another live frame"));
        }
        let mut cur = self.frame;
        while cur != 0 && cur != target {
            let parent = self.state.heap.get(cur).map_or(0, |f| decode(f.read(FRAME_PARENT, 8).bits).0);
            self.free_frame(cur);
            cur = parent;
        }
        self.frame = target;
        if ends_thread {
            // A thread that ends leaves any atomic section it was in (the runtime ends a thread
            // inside one, so that no other thread runs between its end and its stack's freeing).
            self.state.flags &= !flags::ATOMIC;
            self.pending_fault = None;
            return Ok(Flow::Stop(Stop::Interrupt));
        }
        self.load_pc();
        if self.pending_fault.is_some() && cur == target {
            // A fault handler resumed its continuation: the fault is dealt with.
            self.pending_fault = None;
        }
        self.choice_base = self.choices.taken.len();
        self.visible_done = false;
        self.in_thread = true;
        Ok(Flow::Jumped)
    }

    pub(super) fn first_alloca(&self) -> Option<u32> {
        let size = self.prog.funcs[self.func.index()].frame_size;
        let f = self.frame();
        if f.read(FRAME_NALLOCA, 4).bits == 0 {
            return None;
        }
        Some(decode(f.read(size, 8).bits).0)
    }

    /// Whether some caller of the running frame is a `__VERIFIER_atomic_*` function.
    pub(super) fn inside_atomic_function(&self) -> bool {
        let mut frame = self.state.heap.get(self.frame).map_or(0, |f| decode(f.read(FRAME_PARENT, 8).bits).0);
        while let Some(f) = self.state.heap.get(frame) {
            let func = f.read(FRAME_FUNC, 4).bits as usize;
            if self.prog.atomic_functions.get(func).copied().unwrap_or(false) {
                return true;
            }
            frame = decode(f.read(FRAME_PARENT, 8).bits).0;
        }
        false
    }

    /// Location of the instruction about to run (or that just faulted).
    pub fn current_loc(&self) -> Loc {
        if self.frame == 0 {
            return Loc::UNKNOWN;
        }
        let f = self.prog.module.function(self.func);
        let Some(b) = f.blocks.get(self.block as usize) else { return Loc::UNKNOWN };
        match b.insts.get(self.inst as usize) {
            Some(i) => i.loc,
            None => b.term_loc,
        }
    }

    /// The innermost known source location on the stack and its function: the faulting
    /// instruction itself, or — inside code without debug information, such as vigil's runtime —
    /// the call that led there.
    pub fn user_loc(&self) -> (Loc, FuncId) {
        let here = self.current_loc();
        if here.is_known() || self.frame == 0 {
            return (here, self.func);
        }
        let mut frame = self.frame;
        // Walk to the callers; each parent frame's pc is at its call instruction.
        for _ in 0..10_000 {
            let Some(f) = self.state.heap.get(frame) else { break };
            let (parent, _) = decode(f.read(FRAME_PARENT, 8).bits);
            let Some(p) = self.state.heap.get(parent) else { break };
            let func = FuncId(p.read(FRAME_FUNC, 4).bits as u32);
            let block = p.read(FRAME_BLOCK, 4).bits as usize;
            let inst = p.read(FRAME_INST, 4).bits as usize;
            let fun = self.prog.module.function(func);
            if let Some(i) = fun.blocks.get(block).and_then(|b| b.insts.get(inst)) {
                if i.loc.is_known() {
                    return (i.loc, func);
                }
            }
            frame = parent;
        }
        (here, self.func)
    }

    /// Clears every register that is dead at its frame's program counter, in every frame of
    /// every thread, so that states differing only in values the program can never read again
    /// are equal (and pointers held only by dead registers do not keep memory reachable). A frame
    /// that is no other frame's caller is the top of its thread's stack (the running frame, a
    /// suspended thread's frame, a frame made by `__vm_frame_make` and not started) and is at the
    /// instruction it executes next; a caller is at its call, whose result register will be
    /// overwritten by the return. Frames whose dead registers are already clear are not touched
    /// (a frame shared with a stored state is not copied for nothing).
    pub fn scrub_dead_registers(&mut self) {
        let heap = &self.state.heap;
        let mut is_caller = vec![false; heap.id_bound() as usize];
        // Objects 1..=G are the globals, never frames.
        let globals = self.prog.module.globals.len() as u32;
        let frames: Vec<u32> =
            heap.live_ids_after(globals).filter(|id| heap.get(*id).is_some_and(|o| o.kind == ObjKind::Frame)).collect();
        for &id in &frames {
            let parent = decode(heap.get(id).expect("live").read(FRAME_PARENT, 8).bits).0 as usize;
            if let Some(c) = is_caller.get_mut(parent) {
                *c = true;
            }
        }
        for id in frames {
            self.scrub_frame(id, !is_caller[id as usize]);
        }
    }

    pub(super) fn scrub_frame(&mut self, frame: u32, top: bool) {
        let Some(fo) = self.state.heap.get(frame) else { return };
        let func = FuncId(fo.read(FRAME_FUNC, 4).bits as u32);
        let block = fo.read(FRAME_BLOCK, 4).bits as usize;
        let inst = fo.read(FRAME_INST, 4).bits as usize;
        let f = self.prog.module.function(func);
        if f.is_declaration() || block >= f.blocks.len() {
            return;
        }
        let info = &self.prog.funcs[func.index()];
        let live = if top {
            info.live_before(f, block, inst)
        } else {
            let mut l = info.live_before(f, block, inst + 1);
            if let Some(d) = f.blocks[block].insts.get(inst).and_then(|i| i.dest) {
                l[(d.0 / 64) as usize] &= !(1 << (d.0 % 64));
            }
            l
        };
        // `ptrs` is sorted by offset (`memory`'s invariant): the first slot at or after `off`
        // is the only one that can start inside the register.
        let dirty = |o: &Object, off: u32, size: u32| {
            let r = off as usize..(off + size) as usize;
            let first_slot = o.ptrs.partition_point(|p| p.off < off);
            o.data[r.clone()].iter().any(|b| *b != 0)
                || o.def[r].iter().any(|b| *b != 0)
                || o.ptrs.get(first_slot).is_some_and(|p| p.off < off + size)
        };
        let dead: Vec<(u32, u32)> = (0..f.values.len() as u32)
            .filter(|v| !bit_test(&live, *v))
            .map(|v| (info.reg_off[v as usize], info.reg_size[v as usize]))
            .filter(|&(off, size)| size > 0 && dirty(fo, off, size))
            .collect();
        if dead.is_empty() {
            return;
        }
        if let Some(fo) = self.state.heap.get_mut(frame) {
            for (off, size) in dead {
                fo.fill(off, size, 0, 0);
            }
        }
    }
}
