import { configure } from '@testing-library/react';

/**
 * findBy…/waitFor give up after 1 s by default: too short for a screen's first render on a
 * shared 2-core machine (or under faketime's shifted clock), where they failed at random (the
 * course booking panel's waitlist test in the CI run of a1db950, under a build and a bench).
 * Imported by the component tests that wait for a render.
 */
configure({ asyncUtilTimeout: 5000 });
