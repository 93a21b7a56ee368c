import { Navigate, Route, Routes } from 'react-router-dom';
import { DevicePage } from './features/devices/DevicePage';
import { GroupPage, LocationPage } from './features/containers/ContainerPages';
import { UnitPage } from './features/unit/UnitPage';

export function Root() {
  return (
    <Routes>
      <Route path="/devicemanagement" element={<DevicePage />} />
      {/* A unit's page; a tab can be linked. A path that is not a unit id goes to the table. */}
      <Route path="/devicemanagement/:unitId" element={<UnitPage />} />
      <Route path="/devicemanagement/:unitId/:tab" element={<UnitPage />} />
      <Route path="/groupmanagement" element={<GroupPage />} />
      <Route path="/locationmanagement" element={<LocationPage />} />
      {/* A path below a page (a mistyped or old link) opens the page, not a blank area. */}
      <Route path="/devicemanagement/*" element={<Navigate to="/devicemanagement" replace />} />
      <Route path="/groupmanagement/*" element={<Navigate to="/groupmanagement" replace />} />
      <Route path="/locationmanagement/*" element={<Navigate to="/locationmanagement" replace />} />
    </Routes>
  );
}
