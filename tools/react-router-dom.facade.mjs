// What the apps use of react-router, built as the page's one shared "react-router-dom" singleton
// (see routerAlias in webpack.base.cjs). A shared module cannot be tree-shaken — any remote might
// import any of its exports — so sharing react-router-dom itself put all of react-router v7 (data
// routers, server rendering, ~196 KB minified) on every first load. This list is what is shared
// instead (~39 KB); a name missing here fails the build ("export … was not found").
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useOutletContext,
  useParams,
  useSearchParams,
} from 'react-router';
