import { fetchRemotesEarly } from './features/remotes/early';

// The remote map travels while the shell's code loads.
fetchRemotesEarly();
// The async boundary Module Federation needs before shared singletons are used.
import('./bootstrap');
