// Preloaded into the bin by the tests that run it on another day (NODE_OPTIONS=--require): moves
// its clock (`Date`) by YUPANA_TEST_CLOCK_SHIFT_MS milliseconds, as if it ran then.
const shift = Number(process.env.YUPANA_TEST_CLOCK_SHIFT_MS ?? 0);
const RealDate = Date;
class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + shift);
    else super(...args);
  }
  static now() {
    return RealDate.now() + shift;
  }
}
globalThis.Date = ShiftedDate;
