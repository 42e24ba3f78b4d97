// The retry loop lives with the devices (locator waits use it too); the matchers' public names stay here.
export { poll, isTransient, POLL_INTERVALS, DEFAULT_EXPECT_TIMEOUT, type PollOutcome } from '../src/devices/poll.js';
