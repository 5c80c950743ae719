// Every Mantine style sheet, for the pages after the first (see ./first-load-styles.ts).
import '@mantine/core/styles.css';
