/** Business constants and limits of both specs (section 9) and the design. */

export const TIME_ZONE = "Europe/Paris";
export const DATE_DISPLAY_FORMAT = "dd/MM/yyyy";
export const DATE_ISO_FORMAT = "yyyy-MM-dd";
export const DATE_TIME_DISPLAY_FORMAT = "dd/MM/yyyy H:mm";

/** List limits. */
export const LIST_LIMIT = 10_000;
export const QUALITY_CONTROL_EVENTS_LIMIT = 99_999;
/** The largest limit any list accepts. */
export const MAX_LIST_LIMIT = QUALITY_CONTROL_EVENTS_LIMIT;
export const VERSION_LIST_LIMITS = [500, 1000] as const;
export const EVENT_LIST_DEFAULT_LIMIT = 10;
export const EVENT_LIST_DEFAULT_OFFSET = 0;
export const EVENT_PICKER_LIMIT = 20;
export const DISTINCT_EVENTS_LIMIT = 10;
export const TEMPLATE_LIST_DEFAULT_LIMIT = 10;
export const DELAYED_EVENTS_DEFAULT_LIMIT = 100;
export const ROWS_PER_PAGE_OPTIONS = [25, 50, 100, 250] as const;
export const ROWS_PER_PAGE_VERSIONS = 15;

/** Text inputs (names, emails, passwords). */
export const TEXT_MAX_LENGTH = 200;
export const VERSION_NAME_MAX_LENGTH = 200;
export const MAX_COMPARED_VERSIONS = 4;

/** Toasts and delays of the client. */
export const TOAST_DURATION_MS = 5000;
export const PROGRESS_TOAST_CLOSE_MS = 3000;
export const VERSION_CREATED_REFETCH_DELAY_MS = 250;

/** Calendar. */
export const MINUTES_PER_DAY = 1440;
export const AGGREGATION_GAP_MS = 60_000;
export const CONTRAST_CONSTANT = 64;
export const WEEK_DAY_LABELS = ["LUN", "MAR", "MER", "JEU", "VEN"] as const;

/** Planning view. */
export const DEFAULT_PLANNING_VIEW = "year";
export const DEFAULT_ZOOM = 75;
export const ZOOM_CLASSES = [20, 30, 50, 75] as const;
export const DEFAULT_RANGE_MONTHS_BACK = 3;
export const DEFAULT_RANGE_MONTHS_AHEAD = 4;
export const MENU_PINNED_MIN_WIDTH = 1100;

/** Entities. */
export const DEFAULT_NUMBER_OF_DAYS = 1;
export const DEFAULT_NUMBER_OF_PEOPLE = 1;
export const DEFAULT_MILESTONE_COLOR = "#FFFFFF";
export const DEFAULT_LOT_COLOR = "#FFFFFF";
export const DEFAULT_PARTICIPANT_COLOR = "#FFFFFF";
export const DEFAULT_FLOOR_AREA = 0;
export const COUNTING_PERCENTAGES = [25, 50, 75, 100] as const;
export const COUNTING_MAX = 100;
export const QUALITY_CONTROL_DEFAULT_DELAY = 0;
export const ORDER_LINE_UNITS = ["ml", "m²", "m³", "U", "kg", "ens", "tonne"] as const;
export type OrderLineUnit = (typeof ORDER_LINE_UNITS)[number];
export const ORDER_LINE_TYPES = ["supply", "labor"] as const;
export const ZONE_LEVELS = [0, 1, 2, 3] as const;

/** Decimals. */
export const FRACTIONAL_DAYS_DECIMALS = 2;
export const RATIO_DECIMALS = 2;
export const FILE_SIZE_DIVISOR = 1000;

/** Server-side limits the specs leave open. */
export const PROJECT_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PROJECT_PICTURE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const PASSWORD_MIN_LENGTH = 8;
export const RESET_TOKEN_TTL_MINUTES = 60;
export const SHARE_TOKEN_BYTES = 32;
export const JWT_DEFAULT_TTL = "12h";
export const LOGIN_RATE_LIMIT = { max: 10, windowMs: 15 * 60_000 } as const;
export const FORGOT_RATE_LIMIT = { max: 5, windowMs: 15 * 60_000 } as const;
export const BODY_MAX_BYTES = 10 * 1024 * 1024;
