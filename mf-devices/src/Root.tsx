import { Route, Routes } from 'react-router-dom';
import { DevicePage } from './features/devices/DevicePage';
import { GroupPage, LocationPage } from './features/containers/ContainerPages';

export function Root() {
  return (
    <Routes>
      <Route path="/devicemanagement" element={<DevicePage />} />
      <Route path="/groupmanagement" element={<GroupPage />} />
      <Route path="/locationmanagement" element={<LocationPage />} />
    </Routes>
  );
}
