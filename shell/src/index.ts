import { startRemotesEarly } from './features/remotes/early';
import { startSessionEarly } from './features/session/early';

// The remote map and the sign-in sequence travel while the shell's code loads.
const early = { remotes: startRemotesEarly(), session: startSessionEarly() };
// The async boundary Module Federation needs before shared singletons are used.
void import('./bootstrap').then(({ main }) => main(early));
