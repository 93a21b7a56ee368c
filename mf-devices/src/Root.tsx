import { Navigate, Route, Routes } from 'react-router-dom';
import { DevicePage } from './features/devices/DevicePage';
import { GroupPage, LocationPage } from './features/containers/ContainerPages';

export function Root() {
  return (
    <Routes>
      <Route path="/devicemanagement" element={<DevicePage />} />
      <Route path="/groupmanagement" element={<GroupPage />} />
      <Route path="/locationmanagement" element={<LocationPage />} />
      {/* A path below a page (a mistyped or old link) opens the page, not a blank area. */}
      <Route path="/devicemanagement/*" element={<Navigate to="/devicemanagement" replace />} />
      <Route path="/groupmanagement/*" element={<Navigate to="/groupmanagement" replace />} />
      <Route path="/locationmanagement/*" element={<Navigate to="/locationmanagement" replace />} />
    </Routes>
  );
}
