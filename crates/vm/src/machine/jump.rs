//! Non-local jumps: `setjmp` and `longjmp` (C11 7.13), executed by the VM itself (the program's
//! calls of `setjmp`, `_setjmp`, `sigsetjmp`, `__sigsetjmp`, `longjmp`, `_longjmp`,
//! `siglongjmp`, `__longjmp_chk` are hypercalls, see [`crate::program::Hypercall`]).
//!
//! `setjmp(env)` records in the jump buffer the running frame (a pointer, so the buffer keeps
//! it in the memory graph and a buffer whose frame has returned holds a dangling pointer) and the
//! position of the `setjmp` call in it, and returns 0. `longjmp(env, v)` checks that the frame
//! is live and on the running thread's stack — jumping into a function that has returned is
//! undefined behaviour (C11 7.13.2.1p2) and faults —, frees the frames above it as returns
//! would, and resumes after that `setjmp` call, which now returns `v` (1 if `v` is 0). Local
//! variables keep their last values (C leaves the non-volatile ones modified since `setjmp`
//! indeterminate; the last value is one of the allowed ones, and the one an `-O0` build has).
//!
//! Layout of the buffer (which is larger on both data models): the frame pointer at offset 0
//! (a pointer slot of the data model), the block at offset 8 and the instruction at offset 12.
//! The signal mask of `sigsetjmp` is not modelled (there are no signals).

use super::*;

impl Machine<'_> {
    pub(super) fn setjmp(&mut self, env: Scalar, dest: Option<ValueId>) -> VmResult<Flow> {
        let pw = self.prog.ptr_bytes;
        self.store(env, pw, Scalar::pointer(self.frame, 0))?;
        self.store(ops::pointer_offset(env, 8), 4, Scalar::int(u64::from(self.block)))?;
        self.store(ops::pointer_offset(env, 12), 4, Scalar::int(u64::from(self.inst)))?;
        self.set_dest(dest, Scalar::int(0));
        Ok(Flow::Next)
    }

    pub(super) fn longjmp(&mut self, env: Scalar, val: Scalar) -> VmResult<Flow> {
        let pw = self.prog.ptr_bytes;
        let fp = self.load_as_int(env, pw, 64)?;
        let block = self.load_as_int(ops::pointer_offset(env, 8), 4, 32)?;
        let inst = self.load_as_int(ops::pointer_offset(env, 12), 4, 32)?;
        if !val.is_defined(32) {
            return Err(FaultKind::Undefined("longjmp value"));
        }
        let (target, off) = decode(fp.bits);
        if !fp.ptr || off != 0 || !fp.is_defined(64) || !block.is_defined(32) || !inst.is_defined(32) {
            return Err(FaultKind::Undefined("longjmp with a jump buffer that setjmp did not fill"));
        }
        // The target must be a frame of the running stack.
        let parent_of = |m: &Self, id: u32| m.state.heap.get(id).map_or(0, |f| decode(f.read(FRAME_PARENT, 8).bits).0);
        let mut cur = self.frame;
        while cur != 0 && cur != target {
            cur = parent_of(self, cur);
        }
        let is_frame = self.state.heap.get(target).is_some_and(|o| o.kind == ObjKind::Frame);
        if cur == 0 || !is_frame {
            return Err(FaultKind::Undefined("longjmp to a function that has returned"));
        }
        // Unwind: the frames above the target return (without their values).
        self.save_pc();
        let mut cur = self.frame;
        while cur != target {
            let parent = parent_of(self, cur);
            let func = self.state.heap.get(cur).map_or(0, |f| f.read(FRAME_FUNC, 4).bits as u32);
            self.event(Event::Return { func: FuncId(func) });
            if self.quiet == Some(cur) {
                self.quiet = None;
            }
            self.free_frame(cur);
            cur = parent;
        }
        self.frame = target;
        self.load_pc();
        let f = self.prog.module.function(self.func);
        let call = f.blocks.get(block.bits as usize).and_then(|b| b.insts.get(inst.bits as usize));
        let Some(call) = call.filter(|c| matches!(c.kind, InstKind::Call { .. })) else {
            return Err(FaultKind::Undefined("longjmp with a corrupted jump buffer"));
        };
        let dest = call.dest;
        self.block = block.bits as u32;
        self.inst = inst.bits as u32;
        let v = val.bits & 0xffff_ffff;
        self.set_dest(dest, Scalar::int(if v == 0 { 1 } else { v }));
        self.inst += 1;
        Ok(Flow::Jumped)
    }
}
