import { Container } from '@mantine/core';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../NotFoundPage';

/**
 * Lazy unit 3: the organisation setup area (subscription start, plan, billing; preboarding).
 * Its pages arrive with the issues that build them; until then every path is "not found".
 */
export default function SetupArea() {
  return (
    <Container size="sm" py="xl">
      <Routes>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Container>
  );
}
