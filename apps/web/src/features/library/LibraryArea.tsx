import { Navigate, Route, Routes } from 'react-router-dom';
import { AreaTabsLayout } from '../../app/AreaTabsLayout';
import { NotFoundPage } from '../../app/NotFoundPage';
import { LIBRARY_TABS } from './library-tabs';
import { libraryPath } from '../../app/library-paths';

/**
 * /organisations/{slug}/library/*: what an organisation keeps for all its projects (sites now),
 * one tab each (part of the organisation-areas unit).
 */
export function LibraryArea() {
  const [first] = LIBRARY_TABS;
  return (
    <Routes>
      <Route
        element={
          <AreaTabsLayout
            area="library"
            title="Library"
            pages={LIBRARY_TABS}
            pathOf={libraryPath}
          />
        }
      >
        {first && <Route index element={<Navigate to={first.id} replace />} />}
        {LIBRARY_TABS.map((tab) => (
          <Route key={tab.id} path={`${tab.id}/*`} element={tab.element} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
