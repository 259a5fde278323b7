package org.taf.engine.tpcc;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * HammerDB's MariaDB TPROC-C schema (src/mariadb/mariaoltp.tcl, CreateTables, without
 * partitioning) and a small data set in the specification's shapes, as the multi-row INSERTs a
 * loader sends. Deterministic for a seed, so that two servers loaded with it hold the same rows.
 * W_YTD is the sum of its districts' D_YTD, as consistency condition 1 asks (HammerDB's loader
 * writes 3,000,000 whatever the districts hold). Sizes are tiny (the tests run on 2 vCPUs):
 * {@link #WAREHOUSES} warehouses of {@link #DISTRICTS} districts, {@link #CUSTOMERS} customers and
 * {@link #ORDERS} orders each.
 */
public final class TproccSchema {
    public static final int WAREHOUSES = 2;
    public static final int DISTRICTS = 3;
    public static final int CUSTOMERS = 30;
    public static final int ORDERS = 30;
    /** Orders above this id are undelivered: in new_order, no carrier, no delivery date. */
    public static final int DELIVERED = 21;
    public static final int ITEMS = 100;
    /** HammerDB's timestamps, fixed here so that both servers store the same. */
    public static final String LOAD_TIME = "20240131235959";
    private static final String[] SYLLABLES = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION",
        "EING"};
    private static final String ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

    private TproccSchema() {}

    /** The nine CREATE TABLEs, as HammerDB sends them (storage engine InnoDB, no partitions). */
    public static List<String> createTables() {
        return List.of("""
                CREATE TABLE `customer` (
                `c_id` INT(5) NOT NULL,
                `c_d_id` INT(2) NOT NULL,
                `c_w_id` INT(6) NOT NULL,
                `c_first` VARCHAR(16) BINARY NULL,
                `c_middle` CHAR(2) BINARY NULL,
                `c_last` VARCHAR(16) BINARY NULL,
                `c_street_1` VARCHAR(20) BINARY NULL,
                `c_street_2` VARCHAR(20) BINARY NULL,
                `c_city` VARCHAR(20) BINARY NULL,
                `c_state` CHAR(2) BINARY NULL,
                `c_zip` CHAR(9) BINARY NULL,
                `c_phone` CHAR(16) BINARY NULL,
                `c_since` DATETIME NULL,
                `c_credit` CHAR(2) BINARY NULL,
                `c_credit_lim` DECIMAL(12, 2) NULL,
                `c_discount` DECIMAL(4, 4) NULL,
                `c_balance` DECIMAL(12, 2) NULL,
                `c_ytd_payment` DECIMAL(12, 2) NULL,
                `c_payment_cnt` INT(8) NULL,
                `c_delivery_cnt` INT(8) NULL,
                `c_data` VARCHAR(500) BINARY NULL,
                PRIMARY KEY (`c_w_id`,`c_d_id`,`c_id`),
                KEY c_w_id (`c_w_id`,`c_d_id`,`c_last`(16),`c_first`(16))
                )
                ENGINE = InnoDB""", """
                CREATE TABLE `district` (
                `d_id` INT(2) NOT NULL,
                `d_w_id` INT(6) NOT NULL,
                `d_ytd` DECIMAL(12, 2) NULL,
                `d_tax` DECIMAL(4, 4) NULL,
                `d_next_o_id` INT NULL,
                `d_name` VARCHAR(10) BINARY NULL,
                `d_street_1` VARCHAR(20) BINARY NULL,
                `d_street_2` VARCHAR(20) BINARY NULL,
                `d_city` VARCHAR(20) BINARY NULL,
                `d_state` CHAR(2) BINARY NULL,
                `d_zip` CHAR(9) BINARY NULL,
                PRIMARY KEY (`d_w_id`,`d_id`)
                )
                ENGINE = InnoDB""", """
                CREATE TABLE `history` (
                `h_c_id` INT NULL,
                `h_c_d_id` INT NULL,
                `h_c_w_id` INT NULL,
                `h_d_id` INT NULL,
                `h_w_id` INT NULL,
                `h_date` DATETIME NULL,
                `h_amount` DECIMAL(6, 2) NULL,
                `h_data` VARCHAR(24) BINARY NULL
                )
                ENGINE = InnoDB""", """
                CREATE TABLE `item` (
                `i_id` INT(6) NOT NULL,
                `i_im_id` INT NULL,
                `i_name` VARCHAR(24) BINARY NULL,
                `i_price` DECIMAL(5, 2) NULL,
                `i_data` VARCHAR(50) BINARY NULL,
                PRIMARY KEY (`i_id`)
                )
                ENGINE = InnoDB""", """
                CREATE TABLE `new_order` (
                `no_w_id` INT NOT NULL,
                `no_d_id` INT NOT NULL,
                `no_o_id` INT NOT NULL,
                PRIMARY KEY (`no_w_id`, `no_d_id`, `no_o_id`)
                )
                ENGINE = InnoDB""", """
                CREATE TABLE `orders` (
                `o_id` INT NOT NULL,
                `o_w_id` INT NOT NULL,
                `o_d_id` INT NOT NULL,
                `o_c_id` INT NULL,
                `o_carrier_id` INT NULL,
                `o_ol_cnt` INT NULL,
                `o_all_local` INT NULL,
                `o_entry_d` DATETIME NULL,
                PRIMARY KEY (`o_w_id`,`o_d_id`,`o_id`),
                KEY o_w_id (`o_w_id`,`o_d_id`,`o_c_id`,`o_id`)
                )
                ENGINE = InnoDB""", """
                CREATE TABLE `order_line` (
                `ol_w_id` INT NOT NULL,
                `ol_d_id` INT NOT NULL,
                `ol_o_id` iNT NOT NULL,
                `ol_number` INT NOT NULL,
                `ol_i_id` INT NULL,
                `ol_delivery_d` DATETIME NULL,
                `ol_amount` INT NULL,
                `ol_supply_w_id` INT NULL,
                `ol_quantity` INT NULL,
                `ol_dist_info` CHAR(24) BINARY NULL,
                PRIMARY KEY (`ol_w_id`,`ol_d_id`,`ol_o_id`,`ol_number`)
                )
                ENGINE = InnoDB""", """
                CREATE TABLE `stock` (
                `s_i_id` INT(6) NOT NULL,
                `s_w_id` INT(6) NOT NULL,
                `s_quantity` INT(6) NULL,
                `s_dist_01` CHAR(24) BINARY NULL,
                `s_dist_02` CHAR(24) BINARY NULL,
                `s_dist_03` CHAR(24) BINARY NULL,
                `s_dist_04` CHAR(24) BINARY NULL,
                `s_dist_05` CHAR(24) BINARY NULL,
                `s_dist_06` CHAR(24) BINARY NULL,
                `s_dist_07` CHAR(24) BINARY NULL,
                `s_dist_08` CHAR(24) BINARY NULL,
                `s_dist_09` CHAR(24) BINARY NULL,
                `s_dist_10` CHAR(24) BINARY NULL,
                `s_ytd` BIGINT(10) NULL,
                `s_order_cnt` INT(6) NULL,
                `s_remote_cnt` INT(6) NULL,
                `s_data` VARCHAR(50) BINARY NULL,
                PRIMARY KEY (`s_w_id`,`s_i_id`)
                )
                ENGINE = InnoDB""", """
                CREATE TABLE `warehouse` (
                `w_id` INT(6) NOT NULL,
                `w_ytd` DECIMAL(12, 2) NULL,
                `w_tax` DECIMAL(4, 4) NULL,
                `w_name` VARCHAR(10) BINARY NULL,
                `w_street_1` VARCHAR(20) BINARY NULL,
                `w_street_2` VARCHAR(20) BINARY NULL,
                `w_city` VARCHAR(20) BINARY NULL,
                `w_state` CHAR(2) BINARY NULL,
                `w_zip` CHAR(9) BINARY NULL,
                PRIMARY KEY (`w_id`)
                )
                ENGINE = InnoDB""");
    }

    /** The nine tables and their primary keys, for dumping them in key order. */
    public static final List<String[]> TABLES = List.of(
            new String[] {"warehouse", "w_id"},
            new String[] {"district", "d_w_id, d_id"},
            new String[] {"customer", "c_w_id, c_d_id, c_id"},
            new String[] {"history", "h_c_w_id, h_c_d_id, h_c_id, h_date, h_amount, h_data"},
            new String[] {"item", "i_id"},
            new String[] {"stock", "s_w_id, s_i_id"},
            new String[] {"orders", "o_w_id, o_d_id, o_id"},
            new String[] {"new_order", "no_w_id, no_d_id, no_o_id"},
            new String[] {"order_line", "ol_w_id, ol_d_id, ol_o_id, ol_number"});

    /** The INSERTs that load the data set, in HammerDB's forms (quoted numbers, str_to_date). */
    public static List<String> load(long seed) {
        Random r = new Random(seed);
        List<String> out = new ArrayList<>();
        String date = "str_to_date('" + LOAD_TIME + "','%Y%m%d%H%i%s')";
        StringBuilder items = new StringBuilder("insert into item (`i_id`, `i_im_id`, `i_name`, `i_price`, "
                + "`i_data`) values ");
        for (int i = 1; i <= ITEMS; i++) {
            items.append(i == 1 ? "" : ",").append(f("('%d', '%d', '%s', '%s', '%s')", i,
                    1 + r.nextInt(10000), alnum(r, 14, 24), price(r, 100, 10000), data(r)));
        }
        out.add(items.toString());
        for (int w = 1; w <= WAREHOUSES; w++) {
            out.add(f("insert into warehouse (`w_id`, `w_name`, `w_street_1`, `w_street_2`, `w_city`,"
                    + " `w_state`, `w_zip`, `w_tax`, `w_ytd`) values ('%d', '%s', %s, '.%02d', '%d.00')", w,
                    alnum(r, 6, 10), address(r), 10 + r.nextInt(11), DISTRICTS * 30_000));
            StringBuilder stock = new StringBuilder("insert into stock (`s_i_id`, `s_w_id`, `s_quantity`, `s_dist_01`,"
                    + " `s_dist_02`, `s_dist_03`, `s_dist_04`, `s_dist_05`, `s_dist_06`, `s_dist_07`, `s_dist_08`,"
                    + " `s_dist_09`, `s_dist_10`, `s_data`, `s_ytd`, `s_order_cnt`, `s_remote_cnt`) values ");
            for (int i = 1; i <= ITEMS; i++) {
                stock.append(i == 1 ? "" : ",").append(f("('%d', '%d', '%d'", i, w, 10 + r.nextInt(91)));
                for (int d = 0; d < 10; d++) {
                    stock.append(", '").append(alnum(r, 24, 24)).append('\'');
                }
                stock.append(", '").append(data(r)).append("', '0', '0', '0')");
            }
            out.add(stock.toString());
            for (int d = 1; d <= DISTRICTS; d++) {
                out.add(f("insert into district (`d_id`, `d_w_id`, `d_name`, `d_street_1`, `d_street_2`,"
                        + " `d_city`, `d_state`, `d_zip`, `d_tax`, `d_ytd`, `d_next_o_id`) values ('%d', '%d', "
                        + "'%s', %s,"
                        + " '.%02d', '30000.0', '%d')", d, w, alnum(r, 6, 10), address(r), 10 + r.nextInt(11),
                        ORDERS + 1));
                customers(r, w, d, date, out);
                orders(r, w, d, date, out);
            }
        }
        return out;
    }

    private static void customers(Random r, int w, int d, String date, List<String> out) {
        StringBuilder c = new StringBuilder("insert into customer (`c_id`, `c_d_id`, `c_w_id`, `c_first`, `c_middle`,"
                + " `c_last`, `c_street_1`, `c_street_2`, `c_city`, `c_state`, `c_zip`, `c_phone`, `c_since`,"
                + " `c_credit`, `c_credit_lim`, `c_discount`, `c_balance`, `c_data`, `c_ytd_payment`, `c_payment_cnt`,"
                + " `c_delivery_cnt`) values ");
        StringBuilder h = new StringBuilder("insert into history (`h_c_id`, `h_c_d_id`, `h_c_w_id`, `h_w_id`, `h_d_id`,"
                + " `h_date`, `h_amount`, `h_data`) values ");
        for (int id = 1; id <= CUSTOMERS; id++) {
            c.append(id == 1 ? "" : ",").append(f("('%d', '%d', '%d', '%s', 'OE', '%s', %s, '%s', %s, '%s',"
                    + " '50000', '%s', '-10.0', '%s', '10.0', '1', '0')", id, d, w, alnum(r, 8, 16),
                    lastName(id <= 10 ? id - 1 : r.nextInt(10)), address(r), digits(r, 16), date,
                    r.nextBoolean() ? "GC" : "BC", String.valueOf(r.nextInt(51) / 100.0), alnum(r, 30, 60)));
            h.append(id == 1 ? "" : ",").append(f("('%d', '%d', '%d', '%d', '%d', %s, '10.0', '%s')", id,
                    d, w, w, d, date, alnum(r, 12, 24)));
        }
        out.add(c.toString());
        out.add(h.toString());
    }

    private static void orders(Random r, int w, int d, String date, List<String> out) {
        StringBuilder o = new StringBuilder("insert into orders (`o_id`, `o_c_id`, `o_d_id`, `o_w_id`, `o_entry_d`,"
                + " `o_carrier_id`, `o_ol_cnt`, `o_all_local`) values ");
        StringBuilder no = new StringBuilder("insert into new_order (`no_o_id`, `no_d_id`, `no_w_id`) values ");
        StringBuilder ol = new StringBuilder("insert into order_line (`ol_o_id`, `ol_d_id`, `ol_w_id`, `ol_number`,"
                + " `ol_i_id`, `ol_supply_w_id`, `ol_quantity`, `ol_amount`, `ol_dist_info`, `ol_delivery_d`) values ");
        List<Integer> customers = new ArrayList<>();
        for (int i = 1; i <= ORDERS; i++) {
            customers.add(1 + (i - 1) % CUSTOMERS);
        }
        java.util.Collections.shuffle(customers, r);
        boolean firstNew = true;
        for (int id = 1; id <= ORDERS; id++) {
            boolean delivered = id < DELIVERED;
            int lines = 5 + r.nextInt(11);
            o.append(id == 1 ? "" : ",").append(f("('%d', '%d', '%d', '%d', %s, %s, '%d', '1')", id,
                    customers.get(id - 1), d, w, date, delivered ? "'" + (1 + r.nextInt(10)) + "'" : "null", lines));
            if (!delivered) {
                no.append(firstNew ? "" : ",").append(f("('%d', '%d', '%d')", id, d, w));
                firstNew = false;
            }
            for (int n = 1; n <= lines; n++) {
                ol.append(id == 1 && n == 1 ? "" : ",").append(f("('%d', '%d', '%d', '%d', '%d', '%d', '5',"
                        + " '%s', '%s', %s)", id, d, w, n, 1 + r.nextInt(ITEMS), w,
                        delivered ? String.valueOf((10 + r.nextInt(9991)) / 100.0) : "0.0", alnum(r, 24, 24),
                        delivered ? date : "null"));
            }
        }
        out.add(o.toString());
        out.add(no.toString());
        out.add(ol.toString());
    }

    /** {@link String#format} in the root locale (decimal points, never commas). */
    private static String f(String format, Object... args) {
        return String.format(java.util.Locale.ROOT, format, args);
    }

    /** TPC-C's last name of a number 0..999 from its three digits' syllables. */
    public static String lastName(int n) {
        return SYLLABLES[n / 100] + SYLLABLES[n / 10 % 10] + SYLLABLES[n % 10];
    }

    private static String alnum(Random r, int min, int max) {
        int n = min + r.nextInt(max - min + 1);
        StringBuilder b = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            b.append(ALNUM.charAt(r.nextInt(ALNUM.length())));
        }
        return b.toString();
    }

    private static String digits(Random r, int n) {
        StringBuilder b = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            b.append((char) ('0' + r.nextInt(10)));
        }
        return b.toString();
    }

    private static String data(Random r) {
        String s = alnum(r, 26, 50);
        if (r.nextInt(10) == 0) {
            int at = r.nextInt(s.length() - 8);
            s = s.substring(0, at) + "original" + s.substring(at + 8);
        }
        return s;
    }

    private static String price(Random r, int low, int high) {
        return f("%.2f", (low + r.nextInt(high - low + 1)) / 100.0);
    }

    /** street 1, street 2, city, state, zip: quoted, comma-separated. */
    private static String address(Random r) {
        return f("'%s', '%s', '%s', '%s', '%s11111'", alnum(r, 10, 20), alnum(r, 10, 20), alnum(r, 10, 20),
                alnum(r, 2, 2), digits(r, 4));
    }
}
