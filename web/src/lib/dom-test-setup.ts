import { configure } from '@testing-library/react';

/**
 * The component tests' waits (findBy..., waitFor) give an answer five seconds, not the library's
 * one: CI runs these tests while the build and the typecheck take both of its two cores, and a
 * stubbed answer then took over a second to reach the screen (a card's company name, in Arabic).
 * A wait that succeeds still ends as soon as it does; only a failing one waits longer.
 */
configure({ asyncUtilTimeout: 5_000 });
