import { Route, Routes } from 'react-router-dom';
import { FormBuilderPage } from './FormBuilderPage';
import { FormsPage } from './FormsPage';

/** Below library/forms: the list, and each form's builder (library/forms/{formId}). */
export function FormsRoutes() {
  return (
    <Routes>
      <Route index element={<FormsPage />} />
      <Route path=":formId" element={<FormBuilderPage />} />
    </Routes>
  );
}
