// junit: failed cases make the build UNSTABLE; no report at all is an error unless allowed.
pipeline {
    agent any
    stages {
        stage('tests') {
            steps {
                sh 'run tests'
                junit(testResults: 'reports/*.xml', allowEmptyResults: params.ALLOW_EMPTY)
            }
        }
    }
    parameters { booleanParam(name: 'ALLOW_EMPTY', defaultValue: false) }
}
