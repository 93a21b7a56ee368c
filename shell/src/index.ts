import { fetchRemotesEarly } from './features/remotes/early';
import { startSessionEarly } from './features/session/early';

// The remote map and the sign-in sequence travel while the shell's code loads.
fetchRemotesEarly();
startSessionEarly();
// The async boundary Module Federation needs before shared singletons are used.
import('./bootstrap');
