import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { OnboardingPage } from './features/flow/OnboardingPage';

/** Later steps get their own paths; until they exist, any sub-path starts the flow with its query kept. */
function ToStart() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/onboarding', search }} replace />;
}

export function Root() {
  return (
    <Routes>
      <Route path="/onboarding" element={<OnboardingPage />} />
      <Route path="/onboarding/*" element={<ToStart />} />
    </Routes>
  );
}
