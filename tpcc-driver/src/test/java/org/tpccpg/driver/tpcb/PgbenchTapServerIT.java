package org.tpccpg.driver.tpcb;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestServer;

/**
 * The 92 pgbench runs of pgbench 15's {@code t/001_pgbench_with_server.pl}, in its order (a case
 * may rely on the tables an earlier one created), written from what each checks, each run on the
 * real pgbench and then on {@code tpcc tpcb} against the same database. The TAP file's other
 * assertions (the server log's parameters, the seeded rows counted with psql, the log files' lines)
 * are not pgbench runs and are covered by CustomScriptIT, PgbenchRandomIT and TpcbLogIT.
 */
@ResourceLock(TestServer.TABLESPACES)
class PgbenchTapServerIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final String TABLESPACE = "regress_pgbench_tap_1_ts";

  @TempDir static Path dir;

  private static Path location; // the tablespace's, removed with it

  /** The TAP file's tablespace, in a directory the server's OS user owns. */
  @BeforeAll
  static void createTablespace() throws Exception {
    location = Files.createTempDirectory("tap_ts");
    Files.setPosixFilePermissions(location, PosixFilePermissions.fromString("rwx------"));
    try (Connection c = POSTGRES.database().connectAdmin();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT current_setting('data_directory')")) {
      r.next();
      Files.setOwner(location, Files.getOwner(Path.of(r.getString(1))));
      s.execute("CREATE TABLESPACE " + TABLESPACE + " LOCATION '" + location + "'");
    }
  }

  @AfterAll
  static void dropTablespace() throws Exception {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      s.execute(
          "DROP TABLE IF EXISTS pgbench_accounts, pgbench_branches, pgbench_tellers,"
              + " pgbench_history, seeded_random, first_client_table, xy");
    }
    try (Connection c = POSTGRES.database().connectAdmin();
        Statement s = c.createStatement()) {
      s.execute("DROP TABLESPACE IF EXISTS " + TABLESPACE);
    }
    if (location != null) {
      Files.delete(location); // empty once its tablespace is dropped
    }
  }

  static Stream<TapCase> cases() {
    return Stream.of(
        TapCase.of(
                "concurrent OID generation",
                "--no-vacuum --client=5 --protocol=prepared --transactions=25",
                0,
                List.of("processed: 125/125"),
                List.of("^$"))
            .withFiles(
                Map.of(
                    "001_pgbench_concurrent_insert",
                    "CREATE TYPE pg_temp.e AS ENUM ('l1','l2','l3','l4','l5','l6','l7','l8','l9','l10','l11','l12','l13','l14','l15','l16','l17','l18','l19','l20','l21','l22','l23','l24','l25','l26','l27','l28','l29','l30','l31','l32','l33','l34','l35','l36','l37','l38','l39','l40','l41','l42','l43','l44','l45','l46','l47','l48','l49','l50','l51','l52','l53','l54','l55','l56','l57','l58','l59','l60','l61','l62','l63','l64','l65','l66','l67','l68','l69','l70','l71','l72','l73','l74','l75','l76','l77','l78','l79','l80','l81','l82','l83','l84','l85','l86','l87','l88','l89','l90','l91','l92','l93','l94','l95','l96','l97','l98','l99','l100','l101','l102','l103','l104','l105','l106','l107','l108','l109','l110','l111','l112','l113','l114','l115','l116','l117','l118','l119','l120','l121','l122','l123','l124','l125','l126','l127','l128','l129','l130','l131','l132','l133','l134','l135','l136','l137','l138','l139','l140','l141','l142','l143','l144','l145','l146','l147','l148','l149','l150','l151','l152','l153','l154','l155','l156','l157','l158','l159','l160','l161','l162','l163','l164','l165','l166','l167','l168','l169','l170','l171','l172','l173','l174','l175','l176','l177','l178','l179','l180','l181','l182','l183','l184','l185','l186','l187','l188','l189','l190','l191','l192','l193','l194','l195','l196','l197','l198','l199','l200','l201','l202','l203','l204','l205','l206','l207','l208','l209','l210','l211','l212','l213','l214','l215','l216','l217','l218','l219','l220','l221','l222','l223','l224','l225','l226','l227','l228','l229','l230','l231','l232','l233','l234','l235','l236','l237','l238','l239','l240','l241','l242','l243','l244','l245','l246','l247','l248','l249','l250','l251','l252','l253','l254','l255','l256','l257','l258','l259','l260','l261','l262','l263','l264','l265','l266','l267','l268','l269','l270','l271','l272','l273','l274','l275','l276','l277','l278','l279','l280','l281','l282','l283','l284','l285','l286','l287','l288','l289','l290','l291','l292','l293','l294','l295','l296','l297','l298','l299','l300','l301','l302','l303','l304','l305','l306','l307','l308','l309','l310','l311','l312','l313','l314','l315','l316','l317','l318','l319','l320','l321','l322','l323','l324','l325','l326','l327','l328','l329','l330','l331','l332','l333','l334','l335','l336','l337','l338','l339','l340','l341','l342','l343','l344','l345','l346','l347','l348','l349','l350','l351','l352','l353','l354','l355','l356','l357','l358','l359','l360','l361','l362','l363','l364','l365','l366','l367','l368','l369','l370','l371','l372','l373','l374','l375','l376','l377','l378','l379','l380','l381','l382','l383','l384','l385','l386','l387','l388','l389','l390','l391','l392','l393','l394','l395','l396','l397','l398','l399','l400','l401','l402','l403','l404','l405','l406','l407','l408','l409','l410','l411','l412','l413','l414','l415','l416','l417','l418','l419','l420','l421','l422','l423','l424','l425','l426','l427','l428','l429','l430','l431','l432','l433','l434','l435','l436','l437','l438','l439','l440','l441','l442','l443','l444','l445','l446','l447','l448','l449','l450','l451','l452','l453','l454','l455','l456','l457','l458','l459','l460','l461','l462','l463','l464','l465','l466','l467','l468','l469','l470','l471','l472','l473','l474','l475','l476','l477','l478','l479','l480','l481','l482','l483','l484','l485','l486','l487','l488','l489','l490','l491','l492','l493','l494','l495','l496','l497','l498','l499','l500','l501','l502','l503','l504','l505','l506','l507','l508','l509','l510','l511','l512','l513','l514','l515','l516','l517','l518','l519','l520','l521','l522','l523','l524','l525','l526','l527','l528','l529','l530','l531','l532','l533','l534','l535','l536','l537','l538','l539','l540','l541','l542','l543','l544','l545','l546','l547','l548','l549','l550','l551','l552','l553','l554','l555','l556','l557','l558','l559','l560','l561','l562','l563','l564','l565','l566','l567','l568','l569','l570','l571','l572','l573','l574','l575','l576','l577','l578','l579','l580','l581','l582','l583','l584','l585','l586','l587','l588','l589','l590','l591','l592','l593','l594','l595','l596','l597','l598','l599','l600','l601','l602','l603','l604','l605','l606','l607','l608','l609','l610','l611','l612','l613','l614','l615','l616','l617','l618','l619','l620','l621','l622','l623','l624','l625','l626','l627','l628','l629','l630','l631','l632','l633','l634','l635','l636','l637','l638','l639','l640','l641','l642','l643','l644','l645','l646','l647','l648','l649','l650','l651','l652','l653','l654','l655','l656','l657','l658','l659','l660','l661','l662','l663','l664','l665','l666','l667','l668','l669','l670','l671','l672','l673','l674','l675','l676','l677','l678','l679','l680','l681','l682','l683','l684','l685','l686','l687','l688','l689','l690','l691','l692','l693','l694','l695','l696','l697','l698','l699','l700','l701','l702','l703','l704','l705','l706','l707','l708','l709','l710','l711','l712','l713','l714','l715','l716','l717','l718','l719','l720','l721','l722','l723','l724','l725','l726','l727','l728','l729','l730','l731','l732','l733','l734','l735','l736','l737','l738','l739','l740','l741','l742','l743','l744','l745','l746','l747','l748','l749','l750','l751','l752','l753','l754','l755','l756','l757','l758','l759','l760','l761','l762','l763','l764','l765','l766','l767','l768','l769','l770','l771','l772','l773','l774','l775','l776','l777','l778','l779','l780','l781','l782','l783','l784','l785','l786','l787','l788','l789','l790','l791','l792','l793','l794','l795','l796','l797','l798','l799','l800','l801','l802','l803','l804','l805','l806','l807','l808','l809','l810','l811','l812','l813','l814','l815','l816','l817','l818','l819','l820','l821','l822','l823','l824','l825','l826','l827','l828','l829','l830','l831','l832','l833','l834','l835','l836','l837','l838','l839','l840','l841','l842','l843','l844','l845','l846','l847','l848','l849','l850','l851','l852','l853','l854','l855','l856','l857','l858','l859','l860','l861','l862','l863','l864','l865','l866','l867','l868','l869','l870','l871','l872','l873','l874','l875','l876','l877','l878','l879','l880','l881','l882','l883','l884','l885','l886','l887','l888','l889','l890','l891','l892','l893','l894','l895','l896','l897','l898','l899','l900','l901','l902','l903','l904','l905','l906','l907','l908','l909','l910','l911','l912','l913','l914','l915','l916','l917','l918','l919','l920','l921','l922','l923','l924','l925','l926','l927','l928','l929','l930','l931','l932','l933','l934','l935','l936','l937','l938','l939','l940','l941','l942','l943','l944','l945','l946','l947','l948','l949','l950','l951','l952','l953','l954','l955','l956','l957','l958','l959','l960','l961','l962','l963','l964','l965','l966','l967','l968','l969','l970','l971','l972','l973','l974','l975','l976','l977','l978','l979','l980','l981','l982','l983','l984','l985','l986','l987','l988','l989','l990','l991','l992','l993','l994','l995','l996','l997','l998','l999','l1000'); DROP TYPE pg_temp.e;")),
        TapCase.of(
            "no such database",
            "no-such-database",
            1,
            List.of("^$"),
            List.of(
                "connection to server .* failed",
                "FATAL:  database \"no-such-database\" does not exist")),
        TapCase.of(
            "run without init",
            "-S -t 1",
            1,
            List.of(),
            List.of("Perhaps you need to do initialization")),
        TapCase.of(
            "pgbench scale 1 initialization",
            "-i",
            0,
            List.of("^$"),
            List.of(
                "creating tables",
                "vacuuming",
                "creating primary keys",
                "done in \\d+\\.\\d\\d s ")),
        TapCase.of(
            "pgbench scale 1 initialization",
            "--initialize --init-steps=dtpvg --scale=1 --unlogged-tables --fillfactor=98 --foreign-keys --quiet --tablespace=regress_pgbench_tap_1_ts --index-tablespace=regress_pgbench_tap_1_ts --partitions=2 --partition-method=hash",
            0,
            List.of("(?i)^$"),
            List.of(
                "dropping old tables",
                "creating tables",
                "creating 2 partitions",
                "vacuuming",
                "creating primary keys",
                "creating foreign keys",
                "(?!vacuuming)",
                "done in \\d+\\.\\d\\d s ")),
        TapCase.of(
            "pgbench --init-steps",
            "--initialize --init-steps=dtpvGvv --no-vacuum --foreign-keys --unlogged-tables --partitions=3",
            0,
            List.of("^$"),
            List.of(
                "dropping old tables",
                "creating tables",
                "creating 3 partitions",
                "creating primary keys",
                "generating data \\(server-side\\)",
                "creating foreign keys",
                "(?!vacuuming)",
                "done in \\d+\\.\\d\\d s ")),
        TapCase.of(
            "pgbench tpcb-like",
            "--transactions=5 -Dfoo=bla --client=2 --protocol=simple --builtin=t --connect -n -v -n",
            0,
            List.of(
                "builtin: TPC-B",
                "clients: 2\\b",
                "processed: 10/10",
                "mode: simple",
                "maximum number of tries: 1"),
            List.of("^$")),
        TapCase.of(
            "pgbench simple update",
            "--transactions=20 --client=5 -M extended --builtin=si -C --no-vacuum -s 1",
            0,
            List.of(
                "builtin: simple update",
                "clients: 5\\b",
                "threads: 1\\b",
                "processed: 100/100",
                "mode: extended"),
            List.of("scale option ignored")),
        TapCase.of(
            "pgbench select only",
            "-t 100 -c 7 -M prepared -b se --debug",
            0,
            List.of(
                "builtin: select only",
                "clients: 7\\b",
                "threads: 1\\b",
                "processed: 700/700",
                "mode: prepared"),
            List.of("vacuum", "client 0", "client 1", "sending", "receiving", "executing")),
        TapCase.of(
                "pgbench custom scripts",
                "-t 100 -c 1 -j 2 -M prepared -n",
                0,
                List.of(
                    "type: multiple scripts",
                    "mode: prepared",
                    "script 1: .*/001_pgbench_custom_script_1",
                    "weight: 2",
                    "script 2: .*/001_pgbench_custom_script_2",
                    "weight: 1",
                    "processed: 100/100"),
                List.of("^$"))
            .withFiles(
                Map.of(
                    "001_pgbench_custom_script_1@1",
                    "-- select only\n\\set aid random(1, :scale * 100000)\nSELECT abalance::INTEGER AS balance\n  FROM pgbench_accounts\n  WHERE aid=:aid;\n",
                    "001_pgbench_custom_script_2@2",
                    "-- special variables\nBEGIN;\n\\set foo 1\n-- cast are needed for typing under -M prepared\nSELECT :foo::INT + :scale::INT * :client_id::INT AS bla;\nCOMMIT;\n")),
        TapCase.of(
                "pgbench custom script",
                "-n -t 10 -c 1 -M simple",
                0,
                List.of("type: .*/001_pgbench_custom_script_3", "processed: 10/10", "mode: simple"),
                List.of("^$"))
            .withFiles(
                Map.of(
                    "001_pgbench_custom_script_3",
                    "-- select only variant\n\\set aid random(1, :scale * 100000)\nBEGIN;\nSELECT abalance::INTEGER AS balance\n  FROM pgbench_accounts\n  WHERE aid=:aid;\nCOMMIT;\n")),
        TapCase.of(
                "pgbench custom script",
                "-n -t 10 -c 2 -M extended",
                0,
                List.of(
                    "type: .*/001_pgbench_custom_script_4", "processed: 20/20", "mode: extended"),
                List.of("^$"))
            .withFiles(
                Map.of(
                    "001_pgbench_custom_script_4",
                    "-- select only variant\n\\set aid random(1, :scale * 100000)\nBEGIN;\nSELECT abalance::INTEGER AS balance\n  FROM pgbench_accounts\n  WHERE aid=:aid;\nCOMMIT;\n")),
        TapCase.of(
                "server parameter logging",
                "-n -t1 -c1 -M prepared",
                2,
                List.of(),
                List.of(
                    "ERROR:  invalid input syntax for type json",
                    "(?!unnamed portal with parameters)"))
            .withFiles(
                Map.of(
                    "001_param_1",
                    "select '{ invalid ' as value \\gset\nselect $$'Valame Dios!' dijo Sancho; 'no le dije yo a vuestra merced que mirase bien lo que hacia?'$$ as long \\gset\nselect column1::jsonb from (values (:value), (:long)) as q;\n"))
            .withEnv(Map.of("PGOPTIONS", "-c log_parameter_max_length_on_error=0")),
        TapCase.of(
                "server parameter logging",
                "-n -t1 -c1 -M prepared",
                2,
                List.of(),
                List.of(
                    "ERROR:  division by zero",
                    "CONTEXT:  unnamed portal with parameters: \\$1 = '1', \\$2 = NULL"))
            .withFiles(
                Map.of(
                    "001_param_2",
                    "select '1' as one \\gset\nSELECT 1 / (random() / 2)::int, :one::int, :two::int;\n"))
            .withEnv(Map.of("PGOPTIONS", "-c log_parameter_max_length_on_error=64")),
        TapCase.of(
                "server parameter logging",
                "-n -t1 -c1 -M prepared",
                2,
                List.of(),
                List.of(
                    "ERROR:  invalid input syntax for type json",
                    "(?m)CONTEXT:  JSON data, line 1: \\{ invalid\\.\\.\\.[\\r\\n]+unnamed portal with parameters: \\$1 = '\\{ invalid ', \\$2 = '''Valame Dios!'' dijo Sancho; ''no le dije yo a vuestra merced que \\.\\.\\.'"))
            .withFiles(
                Map.of(
                    "001_param_3",
                    "select '{ invalid ' as value \\gset\nselect $$'Valame Dios!' dijo Sancho; 'no le dije yo a vuestra merced que mirase bien lo que hacia?'$$ as long \\gset\nselect column1::jsonb from (values (:value), (:long)) as q;\n"))
            .withEnv(Map.of("PGOPTIONS", "-c log_parameter_max_length_on_error=64")),
        TapCase.of(
                "server parameter logging",
                "-n -t1 -c1 -M prepared",
                2,
                List.of(),
                List.of(
                    "ERROR:  division by zero",
                    "CONTEXT:  unnamed portal with parameters: \\$1 = '1', \\$2 = NULL"))
            .withFiles(
                Map.of(
                    "001_param_4",
                    "select '1' as one \\gset\nSELECT 1 / (random() / 2)::int, :one::int, :two::int;\n"))
            .withEnv(Map.of("PGOPTIONS", "-c log_parameter_max_length_on_error=-1")),
        TapCase.of(
                "server parameter logging",
                "-n -t1 -c1 -M prepared",
                2,
                List.of(),
                List.of(
                    "ERROR:  invalid input syntax for type json",
                    "(?m)CONTEXT:  JSON data, line 1: \\{ invalid\\.\\.\\.[\\r\\n]+unnamed portal with parameters: \\$1 = '\\{ invalid ', \\$2 = '''Valame Dios!'' dijo Sancho; ''no le dije yo a vuestra merced que mirase bien lo que hacia\\?'"))
            .withFiles(
                Map.of(
                    "001_param_5",
                    "select '{ invalid ' as value \\gset\nselect $$'Valame Dios!' dijo Sancho; 'no le dije yo a vuestra merced que mirase bien lo que hacia?'$$ as long \\gset\nselect column1::jsonb from (values (:value), (:long)) as q;\n"))
            .withEnv(Map.of("PGOPTIONS", "-c log_parameter_max_length_on_error=-1")),
        TapCase.of(
                "server parameter logging",
                "-n -t1 -c1 -M prepared",
                2,
                List.of(),
                List.of(
                    "ERROR:  invalid input syntax for type smallint: \"1a\"",
                    "CONTEXT:  unnamed portal parameter \\$2 = '1a'"))
            .withFiles(
                Map.of(
                    "001_param_6",
                    "select 42 as value1, '1a' as value2 \\gset\nselect :value1::smallint, :value2::smallint;\n"))
            .withEnv(Map.of("PGOPTIONS", "-c log_parameter_max_length_on_error=-1")),
        TapCase.of(
                "pgbench expressions",
                "--random-seed=5432 -t 1 -Dfoo=-10.1 -Dbla=false -Di=+3 -Dn=null -Dt=t -Df=of -Dd=1.0",
                0,
                List.of("type: .*/001_pgbench_expressions", "processed: 1/1"),
                List.of(
                    "setting random seed to 5432\\b",
                    "command=1.: int 17\\b",
                    "command=2.: int 104\\b",
                    "command=3.: int 1498\\b",
                    "command=4.: int 4\\b",
                    "command=5.: int 5\\b",
                    "command=6.: int 6\\b",
                    "command=7.: int 7\\b",
                    "command=8.: int 8\\b",
                    "command=9.: int 9\\b",
                    "command=10.: int 10\\b",
                    "command=11.: int 11\\b",
                    "command=12.: int 12\\b",
                    "command=15.: double 15\\b",
                    "command=16.: double 16\\b",
                    "command=17.: double 17\\b",
                    "command=20.: int 3\\b",
                    "command=21.: double -27\\b",
                    "command=22.: double 1024\\b",
                    "command=23.: double 1\\b",
                    "command=24.: double 1\\b",
                    "command=25.: double -0.125\\b",
                    "command=26.: double -0.125\\b",
                    "command=27.: double -0.00032\\b",
                    "command=28.: double 8.50705917302346e\\+0?37\\b",
                    "command=29.: double 1e\\+0?30\\b",
                    "command=30.: boolean false\\b",
                    "command=31.: boolean true\\b",
                    "command=32.: int 32\\b",
                    "command=33.: int 33\\b",
                    "command=34.: double 34\\b",
                    "command=35.: int 35\\b",
                    "command=36.: int 36\\b",
                    "command=37.: double 37\\b",
                    "command=38.: int 38\\b",
                    "command=39.: int 39\\b",
                    "command=40.: boolean true\\b",
                    "command=41.: null\\b",
                    "command=42.: null\\b",
                    "command=43.: boolean true\\b",
                    "command=44.: boolean true\\b",
                    "command=45.: boolean true\\b",
                    "command=46.: int 46\\b",
                    "command=47.: boolean true\\b",
                    "command=48.: boolean true\\b",
                    "command=49.: int -5817877081768721676\\b",
                    "command=50.: boolean true\\b",
                    "command=51.: int -7793829335365542153\\b",
                    "command=52.: int -?\\d+\\b",
                    "command=53.: boolean true\\b",
                    "command=65.: int 65\\b",
                    "command=74.: int 74\\b",
                    "command=83.: int 83\\b",
                    "command=86.: int 86\\b",
                    "command=93.: int 93\\b",
                    "command=95.: int 0\\b",
                    "command=96.: int 1\\b",
                    "command=97.: int 0\\b",
                    "command=98.: int 5432\\b",
                    "command=99.: int -9223372036854775808\\b",
                    "command=100.: int 9223372036854775807\\b",
                    "command=101.: boolean true\\b",
                    "command=102.: boolean true\\b",
                    "command=103.: boolean true\\b",
                    "command=104.: boolean true\\b",
                    "command=105.: boolean true\\b",
                    "command=109.: boolean true\\b",
                    "command=110.: boolean true\\b",
                    "command=111.: boolean true\\b",
                    "command=113.: boolean true\\b"))
            .withFiles(
                Map.of(
                    "001_pgbench_expressions",
                    "-- integer functions\n\\set i1 debug(random(10, 19))\n\\set i2 debug(random_exponential(100, 199, 10.0))\n\\set i3 debug(random_gaussian(1000, 1999, 10.0))\n\\set i4 debug(abs(-4))\n\\set i5 debug(greatest(5, 4, 3, 2))\n\\set i6 debug(11 + least(-5, -4, -3, -2))\n\\set i7 debug(int(7.3))\n-- integer arithmetic and bit-wise operators\n\\set i8 debug(17 / (4|1) + ( 4 + (7 >> 2)))\n\\set i9 debug(- (3 * 4 - (-(~ 1) + -(~ 0))) / -1 + 3 % -1)\n\\set ia debug(10 + (0 + 0 * 0 - 0 / 1))\n\\set ib debug(:ia + :scale)\n\\set ic debug(64 % (((2 + 1 * 2 + (1 # 2) | 4 * (2 & 11)) - (1 << 2)) + 2))\n-- double functions and operators\n\\set d1 debug(sqrt(+1.5 * 2.0) * abs(-0.8E1))\n\\set d2 debug(double(1 + 1) * (-75.0 / :foo))\n\\set pi debug(pi() * 4.9)\n\\set d4 debug(greatest(4, 2, -1.17) * 4.0 * Ln(Exp(1.0)))\n\\set d5 debug(least(-5.18, .0E0, 1.0/0) * -3.3)\n-- reset variables\n\\set i1 0\n\\set d1 false\n-- yet another integer function\n\\set id debug(random_zipfian(1, 9, 1.3))\n--- pow and power\n\\set poweri debug(pow(-3,3))\n\\set powerd debug(pow(2.0,10))\n\\set poweriz debug(pow(0,0))\n\\set powerdz debug(pow(0.0,0.0))\n\\set powernegi debug(pow(-2,-3))\n\\set powernegd debug(pow(-2.0,-3.0))\n\\set powernegd2 debug(power(-5.0,-5.0))\n\\set powerov debug(pow(9223372036854775807, 2))\n\\set powerov2 debug(pow(10,30))\n-- comparisons and logical operations\n\\set c0 debug(1.0 = 0.0 and 1.0 != 0.0)\n\\set c1 debug(0 = 1 Or 1.0 = 1)\n\\set c4 debug(case when 0 < 1 then 32 else 0 end)\n\\set c5 debug(case when true then 33 else 0 end)\n\\set c6 debug(case when false THEN -1 when 1 = 1 then 13 + 19 + 2.0 end )\n\\set c7 debug(case when (1 > 0) and (1 >= 0) and (0 < 1) and (0 <= 1) and (0 != 1) and (0 = 0) and (0 <> 1) then 35 else 0 end)\n\\set c8 debug(CASE \\\n                WHEN (1.0 > 0.0) AND (1.0 >= 0.0) AND (0.0 < 1.0) AND (0.0 <= 1.0) AND \\\n                     (0.0 != 1.0) AND (0.0 = 0.0) AND (0.0 <> 1.0) AND (0.0 = 0.0) \\\n                  THEN 36 \\\n                  ELSE 0 \\\n              END)\n\\set c9 debug(CASE WHEN NOT FALSE THEN 3 * 12.3333334 END)\n\\set ca debug(case when false then 0 when 1-1 <> 0 then 1 else 38 end)\n\\set cb debug(10 + mod(13 * 7 + 12, 13) - mod(-19 * 11 - 17, 19))\n\\set cc debug(NOT (0 > 1) AND (1 <= 1) AND NOT (0 >= 1) AND (0 < 1) AND \\\n    NOT (false and true) AND (false OR TRUE) AND (NOT :f) AND (NOT FALSE) AND \\\n    NOT (NOT TRUE))\n-- NULL value and associated operators\n\\set n0 debug(NULL + NULL * exp(NULL))\n\\set n1 debug(:n0)\n\\set n2 debug(NOT (:n0 IS NOT NULL OR :d1 IS NULL))\n\\set n3 debug(:n0 IS NULL AND :d1 IS NOT NULL AND :d1 NOTNULL)\n\\set n4 debug(:n0 ISNULL AND NOT :n0 IS TRUE AND :n0 IS NOT FALSE)\n\\set n5 debug(CASE WHEN :n IS NULL THEN 46 ELSE NULL END)\n-- use a variables of all types\n\\set n6 debug(:n IS NULL AND NOT :f AND :t)\n-- conditional truth\n\\set cs debug(CASE WHEN 1 THEN TRUE END AND CASE WHEN 1.0 THEN TRUE END AND CASE WHEN :n THEN NULL ELSE TRUE END)\n-- hash functions\n\\set h0 debug(hash(10, 5432))\n\\set h1 debug(:h0 = hash_murmur2(10, 5432))\n\\set h3 debug(hash_fnv1a(10, 5432))\n\\set h4 debug(hash(10))\n\\set h5 debug(hash(10) = hash(10, :default_seed))\n-- lazy evaluation\n\\set zy 0\n\\set yz debug(case when :zy = 0 then -1 else (1 / :zy) end)\n\\set yz debug(case when :zy = 0 or (1 / :zy) < 0 then -1 else (1 / :zy) end)\n\\set yz debug(case when :zy > 0 and (1 / :zy) < 0 then (1 / :zy) else 1 end)\n-- substitute variables of all possible types\n\\set v0 NULL\n\\set v1 TRUE\n\\set v2 5432\n\\set v3 -54.21E-2\nSELECT :v0, :v1, :v2, :v3;\n-- if tests\n\\set nope 0\n\\if 1 > 0\n\\set id debug(65)\n\\elif 0\n\\set nope 1\n\\else\n\\set nope 1\n\\endif\n\\if 1 < 0\n\\set nope 1\n\\elif 1 > 0\n\\set ie debug(74)\n\\else\n\\set nope 1\n\\endif\n\\if 1 < 0\n\\set nope 1\n\\elif 1 < 0\n\\set nope 1\n\\else\n\\set if debug(83)\n\\endif\n\\if 1 = 1\n\\set ig debug(86)\n\\elif 0\n\\set nope 1\n\\endif\n\\if 1 = 0\n\\set nope 1\n\\elif 1 <> 0\n\\set ih debug(93)\n\\endif\n-- must be zero if false branches where skipped\n\\set nope debug(:nope)\n-- check automatic variables\n\\set sc debug(:scale)\n\\set ci debug(:client_id)\n\\set rs debug(:random_seed)\n-- minint constant parsing\n\\set min debug(-9223372036854775808)\n\\set max debug(-(:min + 1))\n-- parametric pseudorandom permutation function\n\\set t debug(permute(0, 2) + permute(1, 2) = 1)\n\\set t debug(permute(0, 3) + permute(1, 3) + permute(2, 3) = 3)\n\\set t debug(permute(0, 4) + permute(1, 4) + permute(2, 4) + permute(3, 4) = 6)\n\\set t debug(permute(0, 5) + permute(1, 5) + permute(2, 5) + permute(3, 5) + permute(4, 5) = 10)\n\\set t debug(permute(0, 16) + permute(1, 16) + permute(2, 16) + permute(3, 16) + \\\n             permute(4, 16) + permute(5, 16) + permute(6, 16) + permute(7, 16) + \\\n             permute(8, 16) + permute(9, 16) + permute(10, 16) + permute(11, 16) + \\\n             permute(12, 16) + permute(13, 16) + permute(14, 16) + permute(15, 16) = 120)\n-- random sanity checks\n\\set size random(2, 1000)\n\\set v random(0, :size - 1)\n\\set p permute(:v, :size)\n\\set t debug(0 <= :p and :p < :size and :p = permute(:v + :size, :size) and :p <> permute(:v + 1, :size))\n-- actual values\n\\set t debug(permute(:v, 1) = 0)\n\\set t debug(permute(0, 2, 5431) = 0 and permute(1, 2, 5431) = 1 and \\\n             permute(0, 2, 5433) = 1 and permute(1, 2, 5433) = 0)\n-- check permute's portability across architectures\n\\set size debug(:max - 10)\n\\set t debug(permute(:size-1, :size, 5432) = 520382784483822430 and \\\n             permute(:size-2, :size, 5432) = 1143715004660802862 and \\\n             permute(:size-3, :size, 5432) = 447293596416496998 and \\\n             permute(:size-4, :size, 5432) = 916527772266572956 and \\\n             permute(:size-5, :size, 5432) = 2763809008686028849 and \\\n             permute(:size-6, :size, 5432) = 8648551549198294572 and \\\n             permute(:size-7, :size, 5432) = 4542876852200565125)\n")),
        TapCase.of(
                "random seeded with 733446",
                "--random-seed=733446 -t 1",
                0,
                List.of("processed: 1/1"),
                List.of("setting random seed to 733446\\b"))
            .withFiles(
                Map.of(
                    "001_pgbench_random_seed_1",
                    "-- test random functions\n\\set ur random(1000, 1999)\n\\set er random_exponential(2000, 2999, 2.0)\n\\set gr random_gaussian(3000, 3999, 3.0)\n\\set zr random_zipfian(4000, 4999, 1.5)\nINSERT INTO seeded_random(seed, rand, val) VALUES\n  (:random_seed, 'uniform', :ur),\n  (:random_seed, 'exponential', :er),\n  (:random_seed, 'gaussian', :gr),\n  (:random_seed, 'zipfian', :zr);\n"))
            .withSetup(
                "CREATE UNLOGGED TABLE IF NOT EXISTS seeded_random(seed INT8 NOT NULL, rand TEXT NOT NULL, val INTEGER NOT NULL)"),
        TapCase.of(
                "random seeded with 733446",
                "--random-seed=733446 -t 1",
                0,
                List.of("processed: 1/1"),
                List.of("setting random seed to 733446\\b"))
            .withFiles(
                Map.of(
                    "001_pgbench_random_seed_2",
                    "-- test random functions\n\\set ur random(1000, 1999)\n\\set er random_exponential(2000, 2999, 2.0)\n\\set gr random_gaussian(3000, 3999, 3.0)\n\\set zr random_zipfian(4000, 4999, 1.5)\nINSERT INTO seeded_random(seed, rand, val) VALUES\n  (:random_seed, 'uniform', :ur),\n  (:random_seed, 'exponential', :er),\n  (:random_seed, 'gaussian', :gr),\n  (:random_seed, 'zipfian', :zr);\n"))
            .withSetup(
                "CREATE UNLOGGED TABLE IF NOT EXISTS seeded_random(seed INT8 NOT NULL, rand TEXT NOT NULL, val INTEGER NOT NULL)"),
        TapCase.of(
                "pgbench backslash commands",
                "-t 1",
                0,
                List.of(
                    "type: .*/001_pgbench_backslash_commands",
                    "processed: 1/1",
                    "shell-echo-output"),
                List.of("command=8.: int 1\\b"))
            .withFiles(
                Map.of(
                    "001_pgbench_backslash_commands",
                    "-- run set\n\\set zero 0\n\\set one 1.0\n-- sleep\n\\sleep :one ms\n\\sleep 100 us\n\\sleep 0 s\n\\sleep :zero\n-- setshell and continuation\n\\setshell another_one\\\n  echo \\\n    :one\n\\set n debug(:another_one)\n-- shell\n\\shell echo shell-echo-output\n")),
        TapCase.of(
                "pgbench gset command",
                "-t 1",
                0,
                List.of("type: .*/001_pgbench_gset", "processed: 1/1"),
                List.of(
                    "command=3.: int 0\\b",
                    "command=5.: int 1\\b",
                    "command=6.: int 2\\b",
                    "command=8.: int 3\\b",
                    "command=10.: int 4\\b",
                    "command=12.: int 5\\b"))
            .withFiles(
                Map.of(
                    "001_pgbench_gset",
                    "-- test gset\n-- no columns\nSELECT \\gset\n-- one value\nSELECT 0 AS i0 \\gset\n\\set i debug(:i0)\n-- two values\nSELECT 1 AS i1, 2 AS i2 \\gset\n\\set i debug(:i1)\n\\set i debug(:i2)\n-- with prefix\nSELECT 3 AS i3 \\gset x_\n\\set i debug(:x_i3)\n-- overwrite existing variable\nSELECT 0 AS i4, 4 AS i4 \\gset\n\\set i debug(:i4)\n-- work on the last SQL command under \\;\n\\; \\; SELECT 0 AS i5 \\; SELECT 5 AS i5 \\; \\; \\gset\n\\set i debug(:i5)\n")),
        TapCase.of(
                "pgbench gset command with two rows",
                "-t 1",
                2,
                List.of("type: .*/001_pgbench_gset_two_rows", "processed: 0/1"),
                List.of("expected one row, got 2\\b"))
            .withFiles(
                Map.of(
                    "001_pgbench_gset_two_rows",
                    "\nSELECT 5432 AS fail UNION SELECT 5433 ORDER BY 1 \\gset\n")),
        TapCase.of(
                "pgbench aset command",
                "-t 1",
                0,
                List.of("type: .*/001_pgbench_aset", "processed: 1/1"),
                List.of("command=3.: int 8\\b", "command=4.: int 7\\b"))
            .withFiles(
                Map.of(
                    "001_pgbench_aset",
                    "\n-- test aset, which applies to a combined query\n\\; SELECT 6 AS i6 \\; SELECT 7 AS i7 \\; \\aset\n-- unless it returns more than one row, last is kept\nSELECT 8 AS i6 UNION SELECT 9 ORDER BY 1 DESC \\aset\n\\set i debug(:i6)\n\\set i debug(:i7)\n")),
        TapCase.of(
                "pgbench aset command with empty result",
                "-t 1",
                2,
                List.of("type: .*/001_pgbench_aset_empty", "processed: 0/1"),
                List.of("undefined variable \"i8\"", "evaluation of meta-command failed\\b"))
            .withFiles(
                Map.of(
                    "001_pgbench_aset_empty",
                    "\n-- empty result\n\\; SELECT 5432 AS i8 WHERE FALSE \\; \\aset\n\\set i debug(:i8)\n")),
        TapCase.of(
                "working \\startpipeline",
                "-t 1 -n -M extended",
                0,
                List.of("type: .*/001_pgbench_pipeline", "actually processed: 1/1"),
                List.of())
            .withFiles(
                Map.of(
                    "001_pgbench_pipeline",
                    "\n-- test startpipeline\n\\startpipeline\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\n\n\\endpipeline\n")),
        TapCase.of(
                "working \\startpipeline",
                "-t 1 -n -M prepared",
                0,
                List.of("type: .*/001_pgbench_pipeline_prep", "actually processed: 1/1"),
                List.of())
            .withFiles(
                Map.of(
                    "001_pgbench_pipeline_prep",
                    "\n-- test startpipeline\n\\startpipeline\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\n\n\\endpipeline\n")),
        TapCase.of(
                "error: call \\startpipeline twice",
                "-t 1 -n -M extended",
                2,
                List.of(),
                List.of("already in pipeline mode"))
            .withFiles(
                Map.of(
                    "001_pgbench_pipeline_2",
                    "\n-- startpipeline twice\n\\startpipeline\n\\startpipeline\n")),
        TapCase.of(
                "error: \\endpipeline with no start",
                "-t 1 -n -M extended",
                2,
                List.of(),
                List.of("not in pipeline mode"))
            .withFiles(
                Map.of("001_pgbench_pipeline_3", "\n-- pipeline not started\n\\endpipeline\n")),
        TapCase.of(
                "error: \\gset not allowed in pipeline mode",
                "-t 1 -n -M extended",
                2,
                List.of(),
                List.of("gset is not allowed in pipeline mode"))
            .withFiles(
                Map.of(
                    "001_pgbench_pipeline_4",
                    "\n\\startpipeline\nselect 1 \\gset f\n\\endpipeline\n")),
        TapCase.of(
                "working \\startpipeline with serializable",
                "-c4 -j2 -t 10 -n -M prepared",
                0,
                List.of(
                    "type: .*/001_pgbench_pipeline_serializable", "actually processed: (\\d+)/\\1"),
                List.of())
            .withFiles(
                Map.of(
                    "001_pgbench_pipeline_serializable",
                    "\n-- test startpipeline with serializable\n\\startpipeline\nBEGIN ISOLATION LEVEL SERIALIZABLE;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\nselect 1;\n\nEND;\n\\endpipeline\n")),
        TapCase.of(
                "pgbench script error: sql syntax error",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("ERROR:  syntax error", "prepared statement .* does not exist"))
            .withFiles(
                Map.of(
                    "001_pgbench_error_sql_syntax_error",
                    "-- SQL syntax error\n    SELECT 1 + ;\n")),
        TapCase.of(
                "pgbench script error: sql too many args",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("statement has too many arguments.*\\b255\\b"))
            .withFiles(
                Map.of(
                    "001_pgbench_error_sql_too_many_args",
                    "-- MAX_ARGS=256 for prepared\n\\set i 0\nSELECT LEAST(:i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i, :i)")),
        TapCase.of(
                "pgbench script error: shell bad command",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("\\(shell\\) .* meta-command failed"))
            .withFiles(Map.of("001_pgbench_error_shell_bad_command", "\\shell no-such-command")),
        TapCase.of(
                "pgbench script error: shell undefined variable",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("undefined variable \":nosuchvariable\""))
            .withFiles(
                Map.of(
                    "001_pgbench_error_shell_undefined_variable",
                    "-- undefined variable in shell\n\\shell echo ::foo :nosuchvariable\n")),
        TapCase.of(
                "pgbench script error: shell missing command",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("missing command "))
            .withFiles(Map.of("001_pgbench_error_shell_missing_command", "\\shell")),
        TapCase.of(
                "pgbench script error: shell too many args",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("too many arguments in command \"shell\""))
            .withFiles(
                Map.of(
                    "001_pgbench_error_shell_too_many_args",
                    "-- 256 arguments to \\shell\n\\shell echo arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg arg")),
        TapCase.of(
                "pgbench script error: set syntax error",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("syntax error in command \"set\""))
            .withFiles(Map.of("001_pgbench_error_set_syntax_error", "\\set i 1 +")),
        TapCase.of(
                "pgbench script error: set no such function",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("unexpected function name"))
            .withFiles(
                Map.of("001_pgbench_error_set_no_such_function", "\\set i noSuchFunction()")),
        TapCase.of(
                "pgbench script error: set invalid variable name",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("invalid variable name"))
            .withFiles(Map.of("001_pgbench_error_set_invalid_variable_name", "\\set . 1")),
        TapCase.of(
                "pgbench script error: set division by zero",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("division by zero"))
            .withFiles(Map.of("001_pgbench_error_set_division_by_zero", "\\set i 1/0")),
        TapCase.of(
                "pgbench script error: set undefined variable",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("undefined variable \"nosuchvariable\""))
            .withFiles(
                Map.of("001_pgbench_error_set_undefined_variable", "\\set i :nosuchvariable")),
        TapCase.of(
                "pgbench script error: set unexpected char",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("unexpected character .;."))
            .withFiles(Map.of("001_pgbench_error_set_unexpected_char", "\\set i ;")),
        TapCase.of(
                "pgbench script error: set too many args",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("too many function arguments"))
            .withFiles(
                Map.of(
                    "001_pgbench_error_set_too_many_args",
                    "\\set i least(0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16)")),
        TapCase.of(
                "pgbench script error: set empty random range",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("empty range given to random"))
            .withFiles(Map.of("001_pgbench_error_set_empty_random_range", "\\set i random(5,3)")),
        TapCase.of(
                "pgbench script error: set random range too large",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("random range is too large"))
            .withFiles(
                Map.of(
                    "001_pgbench_error_set_random_range_too_large",
                    "\\set i random(:minint, :maxint)")),
        TapCase.of(
                "pgbench script error: set gaussian param too small",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("gaussian param.* at least 2"))
            .withFiles(
                Map.of(
                    "001_pgbench_error_set_gaussian_param_too_small",
                    "\\set i random_gaussian(0, 10, 1.0)")),
        TapCase.of(
                "pgbench script error: set exponential param greater 0",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("exponential parameter must be greater "))
            .withFiles(
                Map.of(
                    "001_pgbench_error_set_exponential_param_greater_0",
                    "\\set i random_exponential(0, 10, 0.0)")),
        TapCase.of(
                "pgbench script error: set zipfian param to 1",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("zipfian parameter must be in range \\[1\\.001, 1000\\]"))
            .withFiles(
                Map.of(
                    "001_pgbench_error_set_zipfian_param_to_1",
                    "\\set i random_zipfian(0, 10, 1)")),
        TapCase.of(
                "pgbench script error: set zipfian param too large",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("zipfian parameter must be in range \\[1\\.001, 1000\\]"))
            .withFiles(
                Map.of(
                    "001_pgbench_error_set_zipfian_param_too_large",
                    "\\set i random_zipfian(0, 10, 1000000)")),
        TapCase.of(
                "pgbench script error: set non numeric value",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("malformed variable \"foo\" value: \"bla\""))
            .withFiles(Map.of("001_pgbench_error_set_non_numeric_value", "\\set i :foo + 1")),
        TapCase.of(
                "pgbench script error: set no expression",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("syntax error"))
            .withFiles(Map.of("001_pgbench_error_set_no_expression", "\\set i")),
        TapCase.of(
                "pgbench script error: set missing argument",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("(?i)missing argument"))
            .withFiles(Map.of("001_pgbench_error_set_missing_argument", "\\set")),
        TapCase.of(
                "pgbench script error: set not a bool",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("cannot coerce double to boolean"))
            .withFiles(Map.of("001_pgbench_error_set_not_a_bool", "\\set b NOT 0.0")),
        TapCase.of(
                "pgbench script error: set not an int",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("cannot coerce boolean to int"))
            .withFiles(Map.of("001_pgbench_error_set_not_an_int", "\\set i TRUE + 2")),
        TapCase.of(
                "pgbench script error: set not a double",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("cannot coerce boolean to double"))
            .withFiles(Map.of("001_pgbench_error_set_not_a_double", "\\set d ln(TRUE)")),
        TapCase.of(
                "pgbench script error: set case error",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("syntax error in command \"set\""))
            .withFiles(
                Map.of("001_pgbench_error_set_case_error", "\\set i CASE TRUE THEN 1 ELSE 0 END")),
        TapCase.of(
                "pgbench script error: set random error",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("cannot coerce boolean to int"))
            .withFiles(Map.of("001_pgbench_error_set_random_error", "\\set b random(FALSE, TRUE)")),
        TapCase.of(
                "pgbench script error: set number of args mismatch",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("unexpected number of arguments"))
            .withFiles(
                Map.of("001_pgbench_error_set_number_of_args_mismatch", "\\set d ln(1.0, 2.0))")),
        TapCase.of(
                "pgbench script error: set at least one arg",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("at least one argument expected"))
            .withFiles(Map.of("001_pgbench_error_set_at_least_one_arg", "\\set i greatest())")),
        TapCase.of(
                "pgbench script error: set double to int overflow",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("double to int overflow for 100"))
            .withFiles(Map.of("001_pgbench_error_set_double_to_int_overflow", "\\set i int(1E32)")),
        TapCase.of(
                "pgbench script error: set bigint add overflow",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("int add out"))
            .withFiles(
                Map.of("001_pgbench_error_set_bigint_add_overflow", "\\set i (1<<62) + (1<<62)")),
        TapCase.of(
                "pgbench script error: set bigint sub overflow",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("int sub out"))
            .withFiles(
                Map.of(
                    "001_pgbench_error_set_bigint_sub_overflow",
                    "\\set i 0 - (1<<62) - (1<<62) - (1<<62)")),
        TapCase.of(
                "pgbench script error: set bigint mul overflow",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("int mul out"))
            .withFiles(Map.of("001_pgbench_error_set_bigint_mul_overflow", "\\set i 2 * (1<<62)")),
        TapCase.of(
                "pgbench script error: set bigint div out of range",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("bigint div out of range"))
            .withFiles(
                Map.of("001_pgbench_error_set_bigint_div_out_of_range", "\\set i :minint / -1")),
        TapCase.of(
                "pgbench script error: setshell not an int",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("command must return an integer"))
            .withFiles(Map.of("001_pgbench_error_setshell_not_an_int", "\\setshell i echo -n one")),
        TapCase.of(
                "pgbench script error: setshell missing arg",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("missing argument "))
            .withFiles(Map.of("001_pgbench_error_setshell_missing_arg", "\\setshell var")),
        TapCase.of(
                "pgbench script error: setshell no such command",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("could not read result "))
            .withFiles(
                Map.of(
                    "001_pgbench_error_setshell_no_such_command",
                    "\\setshell var no-such-command")),
        TapCase.of(
                "pgbench script error: sleep undefined variable",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("sleep: undefined variable"))
            .withFiles(
                Map.of("001_pgbench_error_sleep_undefined_variable", "\\sleep :nosuchvariable")),
        TapCase.of(
                "pgbench script error: sleep too many args",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("too many arguments"))
            .withFiles(Map.of("001_pgbench_error_sleep_too_many_args", "\\sleep too many args")),
        TapCase.of(
                "pgbench script error: sleep missing arg",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("missing argument", "\\\\sleep"))
            .withFiles(Map.of("001_pgbench_error_sleep_missing_arg", "\\sleep")),
        TapCase.of(
                "pgbench script error: sleep unknown unit",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("unrecognized time unit"))
            .withFiles(Map.of("001_pgbench_error_sleep_unknown_unit", "\\sleep 1 week")),
        TapCase.of(
                "pgbench script error: misc invalid backslash command",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("invalid command .* \"nosuchcommand\""))
            .withFiles(
                Map.of("001_pgbench_error_misc_invalid_backslash_command", "\\nosuchcommand")),
        TapCase.of(
                "pgbench script error: misc empty script",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("empty command list for script"))
            .withFiles(Map.of("001_pgbench_error_misc_empty_script", "")),
        TapCase.of(
                "pgbench script error: bad boolean",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("malformed variable.*trueXXX"))
            .withFiles(Map.of("001_pgbench_error_bad_boolean", "\\set b :badtrue or true")),
        TapCase.of(
                "pgbench script error: invalid permute size",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("permute size parameter must be greater than zero"))
            .withFiles(Map.of("001_pgbench_error_invalid_permute_size", "\\set i permute(0, 0)")),
        TapCase.of(
                "pgbench script error: gset no row",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("expected one row, got 0\\b"))
            .withFiles(Map.of("001_pgbench_error_gset_no_row", "SELECT WHERE FALSE \\gset")),
        TapCase.of(
                "pgbench script error: gset alone",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("gset must follow an SQL command"))
            .withFiles(Map.of("001_pgbench_error_gset_alone", "\\gset")),
        TapCase.of(
                "pgbench script error: gset no SQL",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("gset must follow an SQL command"))
            .withFiles(Map.of("001_pgbench_error_gset_no_SQL", "\\set i +1\n\\gset")),
        TapCase.of(
                "pgbench script error: gset too many arguments",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("too many arguments"))
            .withFiles(Map.of("001_pgbench_error_gset_too_many_arguments", "SELECT 1 \\gset a b")),
        TapCase.of(
                "pgbench script error: gset after gset",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                1,
                List.of("^$"),
                List.of("gset must follow an SQL command"))
            .withFiles(Map.of("001_pgbench_error_gset_after_gset", "SELECT 1 AS i \\gset\n\\gset")),
        TapCase.of(
                "pgbench script error: gset non SELECT",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("expected one row, got 0"))
            .withFiles(
                Map.of(
                    "001_pgbench_error_gset_non_SELECT",
                    "DROP TABLE IF EXISTS no_such_table \\gset")),
        TapCase.of(
                "pgbench script error: gset bad default name",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("error storing into variable \\?column\\?"))
            .withFiles(Map.of("001_pgbench_error_gset_bad_default_name", "SELECT 1 \\gset")),
        TapCase.of(
                "pgbench script error: gset bad name",
                "-n -t 1 -Dfoo=bla -Dnull=null -Dtrue=true -Done=1 -Dzero=0.0 -Dbadtrue=trueXXX -Dmaxint=9223372036854775807 -Dminint=-9223372036854775808 -M prepared",
                2,
                List.of("processed: 0/1"),
                List.of("error storing into variable bad name!"))
            .withFiles(
                Map.of("001_pgbench_error_gset_bad_name", "SELECT 1 AS \"bad name!\" \\gset")),
        TapCase.of(
            "pgbench throttling",
            "-t 100 -S --rate=100000 --latency-limit=1000000 -c 2 -n -r",
            0,
            List.of("processed: 200/200", "builtin: select only"),
            List.of("^$")),
        TapCase.of(
                "pgbench late throttling",
                "-t 10 --rate=100000 --latency-limit=1 -n -r",
                0,
                List.of(
                    "processed: [01]/10",
                    "type: .*/001_pgbench_sleep",
                    "above the 1.0 ms latency limit: [01]/"),
                List.of("^$"))
            .withFiles(Map.of("001_pgbench_sleep", "\\sleep 2ms")),
        TapCase.of(
            "pgbench logs",
            "-n -S -t 50 -c 2 --log --sampling-rate=0.5 --log-prefix=$DIR/001_pgbench_log_2",
            0,
            List.of("select only", "processed: 100/100"),
            List.of("^$")),
        TapCase.of(
            "pgbench logs contents",
            "-n -b select-only -t 10 -l --log-prefix=$DIR/001_pgbench_log_3",
            0,
            List.of("select only", "processed: 10/10"),
            List.of("^$")),
        TapCase.of(
                "incomplete transaction block",
                "--no-vacuum",
                2,
                List.of("processed: 1/10"),
                List.of(
                    "client 0 aborted: end of script reached without completing the last transaction"))
            .withFiles(Map.of("001_pgbench_incomplete_transaction_block", "BEGIN;SELECT 1;")),
        TapCase.of(
                "concurrent update with retrying",
                "-n -c 2 -t 1 -d --verbose-errors --max-tries 2",
                0,
                List.of(
                    "processed: 2/2\\b",
                    "number of transactions retried: 1\\b",
                    "total number of retries: 1\\b"),
                List.of(
                    "(?s)(client (0|1) sending UPDATE xy SET y = y \\+ -?\\d+\\b).*client \\2 got an error in command 3 \\(SQL\\) of script 0; ERROR:  could not serialize access due to concurrent update\\b.*\\1"))
            .withFiles(
                Map.of(
                    "001_pgbench_serialization",
                    "\n-- What's happening: two clients update the same row under repeatable read;\n-- the second waits for the first and gets a serialization error.\n\n\\set delta random(-5000, 5000)\n\n-- The second client will stop here\nSELECT pg_advisory_lock(0);\n\n-- Start transaction with concurrent update\nBEGIN;\nUPDATE xy SET y = y + :delta WHERE x = 1 AND pg_advisory_lock(1) IS NOT NULL;\n\n-- Wait for the second client\nDO $$\nDECLARE\n  exists boolean;\n  waiters integer;\nBEGIN\n  SELECT EXISTS (SELECT * FROM first_client_table) INTO STRICT exists;\n  IF NOT exists THEN\n\tPERFORM pg_advisory_unlock(0);\n\tLOOP\n\t  SELECT COUNT(*) INTO STRICT waiters FROM pg_locks WHERE\n\t  locktype = 'advisory' AND objsubid = 1 AND\n\t  ((classid::bigint << 32) | objid::bigint = 1::bigint) AND NOT granted;\n\t  IF waiters = 1 THEN\n\t\tINSERT INTO first_client_table VALUES (1);\n\t\tEXIT;\n\t  END IF;\n\tEND LOOP;\n  END IF;\nEND$$;\n\nCOMMIT;\nSELECT pg_advisory_unlock_all();\n"))
            .withEnv(Map.of("PGOPTIONS", "-c default_transaction_isolation=repeatable\\ read"))
            .withSetup(
                "CREATE UNLOGGED TABLE IF NOT EXISTS first_client_table (value integer); CREATE UNLOGGED TABLE IF NOT EXISTS xy (x integer, y integer); DELETE FROM first_client_table; DELETE FROM xy; INSERT INTO xy VALUES (1, 2)"),
        TapCase.of(
                "deadlock with retrying",
                "-n -c 2 -t 1 --max-tries 2 --verbose-errors",
                0,
                List.of(
                    "processed: 2/2\\b",
                    "number of transactions retried: 1\\b",
                    "total number of retries: 1\\b"),
                List.of(
                    "client (0|1) got an error in command (3|5) \\(SQL\\) of script 0; ERROR:  deadlock detected\\b"))
            .withFiles(
                Map.of(
                    "001_pgbench_deadlock",
                    "\n-- What's happening: the first client gets lock 2, the second lock 3 and waits\n-- for 2, the first then waits for 3: one of them gets a deadlock error.\n\nSELECT pg_advisory_unlock_all();\n\nSELECT pg_advisory_lock(0);\nSELECT pg_advisory_lock(1);\n\nDO $$\nDECLARE\n  exists boolean;\nBEGIN\n  SELECT EXISTS (SELECT * FROM first_client_table) INTO STRICT exists;\n  IF exists THEN\n\tPERFORM pg_advisory_unlock(0);\n\tPERFORM pg_advisory_lock(3);\n\tPERFORM pg_advisory_lock(2);\n  ELSE\n\tINSERT INTO first_client_table VALUES (1);\n\tPERFORM pg_advisory_lock(2);\n  END IF;\nEND$$;\n\nDO $$\nDECLARE\n  num_rows integer;\n  waiters integer;\nBEGIN\n  SELECT COUNT(*) FROM first_client_table INTO STRICT num_rows;\n  IF num_rows = 1 THEN\n\tINSERT INTO first_client_table VALUES (2);\n\tPERFORM pg_advisory_unlock(0);\n\tPERFORM pg_advisory_unlock(1);\n\tLOOP\n\t  SELECT COUNT(*) INTO STRICT waiters FROM pg_locks WHERE\n\t  locktype = 'advisory' AND\n\t  objsubid = 1 AND\n\t  ((classid::bigint << 32) | objid::bigint = 2::bigint) AND\n\t  NOT granted;\n\t  IF waiters = 1 THEN\n\t\tEXIT;\n\t  END IF;\n\tEND LOOP;\n\tPERFORM pg_advisory_lock(0);\n  END IF;\nEND$$;\n\nSELECT pg_advisory_lock(3);\n\nSELECT pg_advisory_unlock_all();\n"))
            .withEnv(Map.of("PGOPTIONS", "-c default_transaction_isolation=read\\ committed"))
            .withSetup(
                "CREATE UNLOGGED TABLE IF NOT EXISTS first_client_table (value integer); DELETE FROM first_client_table"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void behavesAsPgbench(TapCase tapCase) throws Exception {
    tapCase.check(dir, POSTGRES.database());
  }
}
